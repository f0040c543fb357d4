/** A text in German and English; French, Italian and Czech fall back to German where absent. */
export type LocalizedText = { de: string; en: string; fr?: string; it?: string; cz?: string };
export type ContentAnswer = { id: number; text: LocalizedText; subtext?: LocalizedText };
export type ContentQuestion = { id: number; text: LocalizedText; subText?: LocalizedText; answers: ContentAnswer[] };
export type ContentQuestionnaire = {
  key: string;
  title: LocalizedText;
  questions: ContentQuestion[];
};
