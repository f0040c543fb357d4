import { decodeJson, formatIssues } from './problems';
import { questionnaireSchema, type Questionnaire } from './questionnaire';

export type Parsed = { ok: true; questionnaire: Questionnaire } | { ok: false; problems: string[] };

/** Field names of the vocabulary, for "did you mean" on a misspelt one. */
const FIELD_NAMES = [
  'key', 'title', 'product', 'questionsPerPage', 'noDetails', 'notRated', 'answervaluesConfig', 'questions',
  'valueInfos', 'value', 'caption', 'notRatedValue', 'notRatedValueCaption', 'notRatedGroupCaption', 'groupCaptions', 'columnSpan',
  'id', 'text', 'subText', 'subtext', 'imageKey', 'info1', 'info2', 'info3', 'info4', 'answerInfos', 'de', 'en', 'fr', 'it', 'cz',
  'privacyText', 'version', 'retentionNotice',
];

/** A questionnaire from what the JSON file decoded to; every problem of it, or the questionnaire without `$schema`. */
export function parseQuestionnaire(value: unknown): Parsed {
  const result = questionnaireSchema.safeParse(value, { reportInput: true });
  if (!result.success) return { ok: false, problems: formatIssues(result.error.issues, FIELD_NAMES) };
  const { $schema: _schema, ...questionnaire } = result.data;
  void _schema;
  return { ok: true, questionnaire };
}

/** The same from the text of a file: bad JSON is named by line and column. */
export function parseQuestionnaireText(text: string): Parsed {
  const decoded = decodeJson(text);
  return decoded.ok ? parseQuestionnaire(decoded.value) : decoded;
}
