import { z } from 'zod';
import { localizedText, type LocalizedText } from './localizedText';
import { decodeJson, formatIssues } from './problems';

/**
 * The operator's privacy texts, as content files write them (docs/architecture.md, "Privacy texts"):
 * the privacy text that the consent box of /register, /accesspassword and the group personal-info
 * pages opens, with the version a consent records, and the retention notice of the finished page.
 * The operator-wide default is content/privacy.json (this file's schema); a questionnaire file may
 * set either for its own participants (./questionnaire.ts). No I/O here: ./privacyFile.ts reads.
 */

/** Safe in a CSV cell, a log line and a file name: what an export shows beside the consent's time. */
export const PRIVACY_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const privacyTextSchema = z
  .strictObject({
    version: z
      .string()
      .regex(PRIVACY_VERSION_PATTERN, 'must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. "2025-06")')
      .describe('Names this wording: a consent records the version agreed to. Give a new version whenever the text changes.'),
    text: localizedText,
  })
  .meta({
    id: 'PrivacyText',
    description: 'The privacy text the consent box opens, in the participant\'s language (German where that language is missing), with its version.',
  });
export type PrivacyText = z.output<typeof privacyTextSchema>;

export const retentionNoticeSchema = localizedText;

const privacyTextDescription =
  'The privacy text the consent box opens, with its version. Left out of a questionnaire file: the default of content/privacy.json; left out there too: the built-in text.';
const retentionNoticeDescription =
  'How long the answers are kept, shown on the finished page (German where the participant\'s language is missing). Left out of a questionnaire file: the default of content/privacy.json; set nowhere: the page says nothing about it.';

/** The two optional fields, in a questionnaire file and in content/privacy.json alike. */
export const privacyFields = {
  privacyText: privacyTextSchema.optional().describe(privacyTextDescription),
  retentionNotice: retentionNoticeSchema.optional().describe(retentionNoticeDescription),
};

export const privacyFileSchema = z
  .strictObject({
    $schema: z.string().optional().describe('The JSON Schema of this file, for editors.'),
    ...privacyFields,
  })
  .describe('The operator\'s default privacy texts (content/privacy.json), for every questionnaire whose file sets none of its own.');

/** What content/privacy.json sets; a field it leaves out is the built-in one (privacyText) or none (retentionNotice). */
export type PrivacyTexts = { privacyText?: PrivacyText; retentionNotice?: LocalizedText };

export type ParsedPrivacy = { ok: true; texts: PrivacyTexts } | { ok: false; problems: string[] };

const FIELD_NAMES = ['privacyText', 'retentionNotice', 'version', 'text', 'de', 'en', 'fr', 'it', 'cz'];

/** The privacy file from what its JSON decoded to: every problem named by its JSON path, or its texts. */
export function parsePrivacyFile(value: unknown): ParsedPrivacy {
  const result = privacyFileSchema.safeParse(value, { reportInput: true });
  if (!result.success) return { ok: false, problems: formatIssues(result.error.issues, FIELD_NAMES) };
  const { $schema: _schema, ...texts } = result.data;
  void _schema;
  return { ok: true, texts };
}

/** The same from the text of the file: bad JSON is named by line and column. */
export function parsePrivacyFileText(text: string): ParsedPrivacy {
  const decoded = decodeJson(text);
  return decoded.ok ? parsePrivacyFile(decoded.value) : decoded;
}
