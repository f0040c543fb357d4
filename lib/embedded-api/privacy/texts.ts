import type { Language } from '@/lib/api/languages';
import type { Translation } from '@/lib/api/schemas/common';
import type { LocalizedText } from '@/lib/content/localizedText';
import type { PrivacyText, PrivacyTexts } from '@/lib/content/privacy';
import type { Questionnaire } from '@/lib/content/questionnaire';
import type { ApiContext } from '../context';
import { localize } from '../questionnaires/definitions';
import { definitionOf } from '../questionnaires/store';
import { CATALOGUES } from '../translations';

/**
 * Which privacy text and retention notice a participant is shown (docs/privacy.md, "The
 * participant's side"): those of the questionnaire their assessment answers (its content file),
 * else the operator's default (content/privacy.json, EmbeddedSettings.privacy), else the built-in
 * privacy text and no retention notice. There is no client in the schema: the questionnaire is the
 * unit an operator sets texts for.
 */

/**
 * The version of the built-in privacy text (PrivacyText of ./translations): a consent to it records
 * this. Change it with the text (texts.test.ts holds the two together).
 */
export const BUILT_IN_PRIVACY_VERSION = 'built-in-1';

/** The translation keys the pages read the texts by. */
export const PRIVACY_TEXT_KEY = 'PrivacyText';
export const RETENTION_NOTICE_KEY = 'RetentionNotice';

/** The built-in privacy text, in the five languages of the translations. */
export function builtInPrivacyText(): PrivacyText {
  return {
    version: BUILT_IN_PRIVACY_VERSION,
    text: {
      de: CATALOGUES['de-DE'].PrivacyText,
      en: CATALOGUES['en-US'].PrivacyText,
      fr: CATALOGUES['fr-FR'].PrivacyText,
      it: CATALOGUES['it-IT'].PrivacyText,
      cz: CATALOGUES['cz-CZ'].PrivacyText,
    },
  };
}

/** What a participant is shown: a privacy text always, a retention notice where one is set. */
export type ShownPrivacy = { privacyText: PrivacyText; retentionNotice?: LocalizedText };

/** Each field on its own: a questionnaire that sets only its privacy text keeps the default's retention notice. */
export function shownPrivacy(questionnaire: Pick<Questionnaire, 'privacyText' | 'retentionNotice'> | undefined, defaults: PrivacyTexts | undefined): ShownPrivacy {
  const retentionNotice = questionnaire?.retentionNotice ?? defaults?.retentionNotice;
  return {
    privacyText: questionnaire?.privacyText ?? defaults?.privacyText ?? builtInPrivacyText(),
    ...(retentionNotice && { retentionNotice }),
  };
}

/**
 * The texts of the questionnaire version an assessment answers, or, before its first page bound it
 * to one, of the latest version of its key (the defaults where none is imported). Read only: the
 * personal-info page must not bind the assessment to a version before its questionnaire starts.
 */
export async function privacyOfAssessment(ctx: ApiContext, assessmentId: number): Promise<ShownPrivacy> {
  const [row] = await ctx.db.query<{ key: string; version: number; checksum: string }>(
    `select q.key, q.version, q.checksum
       from assessment a join questionnaire q on q.key = a.questionnaire_key
        and q.version = coalesce(a.questionnaire_version, (select max(version) from questionnaire where key = a.questionnaire_key))
      where a.id = $1`,
    [assessmentId],
  );
  const definition = row ? await definitionOf(ctx.db, row.key, row.version, row.checksum) : undefined;
  return shownPrivacy(definition, ctx.settings.privacy);
}

/** A page's translations with the participant's privacy text in place of the built-in one. */
export function withPrivacyText(translations: Translation[], shown: ShownPrivacy, language: Language): Translation[] {
  const value = localize(shown.privacyText.text, language);
  return translations.map((entry) => (entry.key === PRIVACY_TEXT_KEY ? { key: PRIVACY_TEXT_KEY, value } : entry));
}

/** The translations with the retention notice added, where one is set. */
export function withRetentionNotice(translations: Translation[], shown: ShownPrivacy | undefined, language: Language): Translation[] {
  if (!shown?.retentionNotice) return translations;
  return [...translations, { key: RETENTION_NOTICE_KEY, value: localize(shown.retentionNotice, language) }];
}
