import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';

type Questions = QuestionnairePageResponse['questions'];

/** The value of every answer on a page as the server sent it (saved answers, or a draft). */
export function valuesOf(page: { questions?: Questions }): Map<number, number> {
  return new Map((page.questions ?? []).flatMap((q) => q.answerInfos.map((a) => [a.id, a.value] as const)));
}

/** Every answer of the page's questions with its value on screen; one never chosen is sent as unset. */
export function answersOf(questions: Questions, values: ReadonlyMap<number, number>, unset: number): Array<{ id: number; value: number }> {
  return (questions ?? []).flatMap((q) => q.answerInfos.map((a) => ({ id: a.id, value: values.get(a.id) ?? unset })));
}
