/**
 * QA against a deployed instance (BASE_URL, README "QA against a deployed instance"). Journeys
 * declare here what they need beyond a running instance; where a run does not have it, they are
 * skipped with the reason. Journeys that use up a demo row take it from `singleUse`: the demo row
 * itself against the suite's own servers (or after a demo reset, E2E_DEMO_RESET=1), and with
 * E2E_ADMIN=1 a fresh row of the same shape, made through the admin command line's code.
 */
import { test as base, request as requestFactory, type APIRequestContext, type TestDetails } from '@playwright/test';
import { createAssessments } from '@/lib/admin/assessments';
import { openAdminDatabase, type AdminDatabase } from '@/lib/admin/database';
import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import { DEMO_ASSESSMENTS, type DemoAssessment } from '@/lib/embedded-api/demo/rows';
import { encodeAnswers, questionsPerPage } from '@/lib/flows/questionnaire';
import { encryptCode } from './api';
import { recordDocuments } from './htmlSeen';
import { detailsFor, rowSource, runSettings, tagOf, type Need } from './needs';

export { expect } from '@playwright/test';
export type { Need } from './needs';

const SETTINGS = runSettings(process.env);

/**
 * Test details for a journey or a group (test.describe) with needs: tags it @needs-<need>, so that
 * `--grep-invert @needs-` selects what runs anywhere, and where a need is unmet skips it, saying why.
 */
export function needs(...list: Need[]): TestDetails {
  return detailsFor(list, SETTINGS);
}

/** The codes a journey signs in with, and what the pages show of the row. */
export type Participant = {
  identCode: string;
  /** Null when the assessor must register first. */
  accessCode: string | null;
  /** The header's "Willkommen, …": a fresh row's assessor has no name until they register. */
  assessorName: string;
};

const demoRow = (id: string): DemoAssessment => {
  const row = DEMO_ASSESSMENTS.find((a) => a.id === id);
  if (!row) throw new Error(`no demo row ${id} in lib/embedded-api/demo/rows.ts`);
  return row;
};

/** Posts a call through the instance's proxy as its pages do: same origin, XSRF header, the session cookie. */
async function call<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await request.post(`/api/${path}`, { data: body, headers: { 'x-xsrf-token': xsrf, origin: new URL(SETTINGS.baseUrl!).origin } });
  const json = (await answer.json()) as T & { statusCode?: number; errorInfo?: string };
  if (json.statusCode !== 1) throw new Error(`preparing a fresh row: ${path} answered ${JSON.stringify({ status: answer.status(), statusCode: json.statusCode, errorInfo: json.errorInfo })}`);
  return json;
}

/**
 * Brings a fresh row to the demo row's state the way a participant would, through the instance's
 * own calls: the first login done (the key kept), and the first questions answered with valid
 * rankings. createAssessments makes neither, and writing rows by hand would test nothing real.
 */
async function prepare(created: { identCode: string; accessCode: string | null }, demo: DemoAssessment): Promise<void> {
  if (!demo.firstLoginDone || !created.accessCode) return;
  const request = await requestFactory.newContext({ baseURL: SETTINGS.baseUrl });
  try {
    await request.get('/support');
    await call(request, 'submit/kodekodex/identcode', { assessmentIdentCode: created.identCode });
    await call(request, 'submit/kodekodex/login', { passwordHash: encryptCode(created.accessCode) });
    await call(request, 'submit/kodekodex/personalinfo', { passwordEncrypted: '' });
    const perPage = questionsPerPage(demo.product);
    let start = 1;
    let page = await call<QuestionnairePageResponse>(request, 'pageinfo/questionnaire', { questionsPerPage: perPage, questionStartIndex: start });
    while (start <= demo.answeredQuestions) {
      const values = page.answervaluesConfig?.valueInfos.map((v) => v.value) ?? [];
      const answers = (page.questions ?? []).flatMap((q) =>
        q.answerInfos.map((a, position) => ({ id: a.id, value: values[(position + q.questionIndex) % values.length]! })),
      );
      const next = page.nextNavButtonQuestionStartIndex ?? start + perPage;
      page = await call(request, 'pageinfo/questionnaire', { questionsPerPage: perPage, questionStartIndex: next, answers: encodeAnswers(start, answers) });
      start = next;
    }
  } finally {
    await request.dispose();
  }
}

async function createLike(admin: AdminDatabase, demo: DemoAssessment): Promise<Participant> {
  const [created] = await createAssessments(admin.db, {
    questionnaireKey: demo.questionnaireKey,
    candidate: demo.candidate,
    self: demo.isSelfAssessment,
    mustRegister: demo.assessor.mustRegister,
    publicUrl: SETTINGS.baseUrl!,
  }).catch((error: unknown) => {
    throw new Error(`creating a row like ${demo.id} through lib/admin on ${admin.where}: ${error instanceof Error ? error.message : String(error)}`);
  });
  await prepare(created!, demo);
  return { identCode: created!.identCode, accessCode: created!.accessCode, assessorName: '' };
}

type RowFixtures = {
  /**
   * The codes of a demo row that the journey uses up (finishes, sets the key of, registers, saves
   * pages of, spends the guessing allowance of). Only for journeys declared needs('single-use-row').
   */
  singleUse: (id: DemoAssessment['id']) => Promise<Participant>;
};
type AdminFixtures = { adminDatabase: AdminDatabase | undefined };
/** Every page the journey's browser loads is kept for the HTML checker (./htmlSeen.ts). */
type HtmlFixtures = { htmlSeen: void };

export const test = base.extend<RowFixtures & HtmlFixtures, AdminFixtures>({
  htmlSeen: [
    async ({ context }, provide, testInfo) => {
      recordDocuments(context, testInfo);
      await provide();
    },
    { auto: true },
  ],
  // One connection per worker, opened only when a journey asks for a fresh row.
  adminDatabase: [
    async ({}, provide) => {
      if (rowSource(SETTINGS) !== 'admin') return provide(undefined);
      const admin = await openAdminDatabase({ DATABASE_URL: SETTINGS.databaseUrl, PUBLIC_URL: SETTINGS.baseUrl });
      await provide(admin);
      await admin.db.close();
    },
    { scope: 'worker' },
  ],
  singleUse: async ({ adminDatabase }, provide, testInfo) => {
    await provide(async (id) => {
      if (!testInfo.tags.includes(tagOf('single-use-row'))) throw new Error(`${testInfo.title}: declare needs('single-use-row') to use up ${id}`);
      const demo = demoRow(id);
      if (adminDatabase) {
        // Making and preparing the row is the fixture's work, not the journey's: it gets that time on top.
        const began = Date.now();
        const fresh = await createLike(adminDatabase, demo);
        testInfo.setTimeout(testInfo.timeout + (Date.now() - began));
        return fresh;
      }
      const name = `${demo.assessor.firstName} ${demo.assessor.lastName}`.trim();
      return { identCode: demo.identCode, accessCode: demo.accessCode, assessorName: name };
    });
  },
});
