import { answerLetter } from './questionnaire';

/** What a question carries for the grid's details mode (spec §3: info1 to info4). */
type DetailSource = {
  info1?: ReadonlyArray<string> | null;
  info2?: string | null;
  info3?: string | null;
  info4?: string | null;
};

export type QuestionDetails = {
  /** The first info1 entry: the line that introduces the question. */
  intro: string | null;
  definition: string | null;
  explanation: string | null;
  exaggeration: string | null;
  /** info1 from its second entry on. */
  synonyms: string[];
};

const text = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null);

/**
 * The details of a question in the grid's details mode (spec §2, §3), blank entries left out; null
 * when there is nothing to show, so that such a question gets no info button.
 */
export function questionDetails(question: DetailSource): QuestionDetails | null {
  const [first, ...rest] = question.info1 ?? [];
  const details: QuestionDetails = {
    intro: text(first),
    definition: text(question.info2),
    explanation: text(question.info3),
    exaggeration: text(question.info4),
    synonyms: rest.map(text).filter((synonym): synonym is string => synonym !== null),
  };
  const empty = !details.intro && !details.definition && !details.explanation && !details.exaggeration && details.synonyms.length === 0;
  return empty ? null : details;
}

/** A question's text as a label: a trailing ellipsis goes (spec §3). */
export function labelText(text: string | null | undefined): string {
  return (text ?? '').replace(/\s*…\s*$/, '').trim();
}

type Named = { text?: string | null; answerInfos: ReadonlyArray<{ text?: string | null; answerIndex?: number | null }> };

/**
 * What an item's info button names after its text ("Details: …"): the question, and where the
 * question has several items the item too, by its letter and statement, so that no two buttons of
 * a page have one name ("Teamfähigkeit, b) Unterstützt andere"). A one-item question's button names
 * the question alone: its one item restates it.
 */
export function detailsName(question: Named, position: number): string {
  const subject = labelText(question.text);
  if (question.answerInfos.length <= 1) return subject;
  const answer = question.answerInfos[position];
  const item = (answer?.text ?? '').trim();
  return `${subject}, ${answerLetter(answer?.answerIndex, position)}) ${item}`.trim();
}
