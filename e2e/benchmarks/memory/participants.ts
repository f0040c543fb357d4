import { encodeAnswers, questionsPerPage } from '../../../lib/flows/questionnaire';
import type { FuzzResponse } from '../../fuzz/http';
import { encryptCode } from '../../support/api';
import { call, newSession, page, type Client, type Session } from './session';

/** Demo rows that are signed in to and answered, never finished. */
const ROWS = [
  { identCode: 'P1DEMO01', accessCode: 'RANK4711' },
  { identCode: 'P2DEMO01', accessCode: 'GRID4711' },
] as const;

type QuestionnairePage = {
  statusCode?: number;
  product?: number;
  questions?: Array<{ questionIndex: number; answerInfos: Array<{ id: number }> }>;
  answervaluesConfig?: { valueInfos: Array<{ value: number }> };
  nextNavButtonQuestionStartIndex?: number | null;
};

/** One of the participants at once: their demo row and the questionnaire page they are on. */
export type Participant = { row: (typeof ROWS)[number]; page: QuestionnairePage; turns: number };

/** Counts each request of the load by what it was and whether it did what a participant wanted. */
export type Count = (what: string, ok: boolean, status: FuzzResponse['status']) => void;

/** Arrives by the deep link and signs in, as the pages' scripts do: ident code, then the access code. */
async function signIn(client: Client, row: Participant['row'], count: Count): Promise<Session> {
  const session = newSession();
  const home = await page(client, `/home/${row.identCode}`, session);
  count('page /home/<identcode>', home.status === 200 && session.xsrf !== '', home.status);
  const ident = await call(client, session, 'submit/kodekodex/identcode', { assessmentIdentCode: row.identCode });
  count('call ident code', ident.answer.statusCode === 1, ident.response.status);
  const login = await page(client, '/accesscode', session);
  count('page /accesscode', login.status === 200, login.status);
  const signedIn = await call(client, session, 'submit/kodekodex/login', { passwordHash: encryptCode(row.accessCode) });
  count('call login (access code)', signedIn.answer.statusCode === 1, signedIn.response.status);
  return session;
}

export async function participant(client: Client, index: number): Promise<Participant> {
  const row = ROWS[index % ROWS.length]!;
  const failures: string[] = [];
  const session = await signIn(client, row, (what, ok, status) => {
    if (!ok) failures.push(`${what} → ${status}`);
  });
  const first = await call(client, session, 'pageinfo/questionnaire', { questionStartIndex: 1 });
  if (failures.length > 0 || first.answer.statusCode !== 1) throw new Error(`setup as ${row.identCode} failed: ${[...failures, first.response.body.slice(0, 200)].join('; ')}`);
  return { row, page: first.answer as QuestionnairePage, turns: 0 };
}

/** Valid answers for the page: each question's answers get the scale's values in turn (a ranking is a permutation). */
function answersOf(p: Participant): string {
  const values = p.page.answervaluesConfig?.valueInfos.map((v) => v.value) ?? [];
  const questions = p.page.questions ?? [];
  const answers = questions.flatMap((q) => q.answerInfos.map((a, i) => ({ id: a.id, value: values[(i + p.turns) % values.length] ?? -1 })));
  return encodeAnswers(questions[0]?.questionIndex ?? 1, answers);
}

const TURNS_PER_VISIT = 2;
/** Requests of one visit: four to sign in, the questionnaire page, its page turns. */
export const REQUESTS_PER_VISIT = 5 + TURNS_PER_VISIT;

/**
 * One visit of a participant: a new browser session arrives by the deep link, signs in (the access
 * code is checked with scrypt), loads /questionnaire and turns pages, each turn saving the answers
 * of the page it leaves. The questionnaire goes on where the participant's last visit left it.
 */
export async function visit(client: Client, p: Participant, count: Count): Promise<void> {
  const session = await signIn(client, p.row, count);
  const shown = await page(client, '/questionnaire', session);
  count('page /questionnaire', shown.status === 200, shown.status);
  for (let i = 0; i < TURNS_PER_VISIT; i++) {
    const turn = await call(client, session, 'pageinfo/questionnaire', {
      questionsPerPage: questionsPerPage(p.page.product ?? 1),
      questionStartIndex: p.page.nextNavButtonQuestionStartIndex ?? 1,
      answers: answersOf(p),
    });
    count('call page turn (answers saved)', turn.answer.statusCode === 1, turn.response.status);
    if (turn.answer.statusCode === 1) p.page = turn.answer as QuestionnairePage;
    p.turns++;
  }
}
