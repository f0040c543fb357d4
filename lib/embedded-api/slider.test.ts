import fs from 'node:fs';
import path from 'node:path';
import { bundledQuestionnaireFolder } from '@/lib/content/files';
import { imageFingerprint, imageSha256 } from '@/lib/content/images';
import { productRules } from '@/lib/flows/products';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { demoValue } from './demo/seed';
import { isQuestionValid } from './questionnaires/engine';
import { bundledDefinition, sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/**
 * The slider questionnaire (product 4) in the embedded API, through the P4-SLIDER demo row: its
 * pages with images named by key, size and fingerprint; the rule of lib/validation/slider.ts applied
 * again on the server, refusing a value outside the scale by name; and loadImage.
 */
const settings = testSettings('s'.repeat(40));

let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const call = async (callPath: string, body: unknown) => (await sendTo(handle, callPath, body, '198.51.100.40')).answer;

/** loadImage answers text on success: the raw answer, as the upstream client reads it. */
async function loadImage(body: Record<string, unknown>): Promise<{ contentType: string; text: string }> {
  const response = await handle(new Request('http://embedded.invalid/loadImage', { method: 'POST', body: JSON.stringify(body) }));
  return { contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

const encode = (questionStartIndex: number, answers: Array<{ id: number; value: number }>) =>
  Buffer.from(JSON.stringify({ questionStartIndex, answers })).toString('base64');

type SliderPage = Answer & {
  totalNumberOfPages: number;
  currentPage: number;
  notRated: boolean;
  errorInfo?: string;
  questionnaireLanguage: string;
  answervaluesConfig: { valueInfos: Array<{ value: number; caption: string }>; notRatedValue: number; notRatedValueCaption: string };
  questions: Array<{
    id: number;
    text: string;
    imageKey: string | null;
    imageWidth?: number;
    imageHeight?: number;
    imageVersion?: string;
    info1: string[] | null;
    info3: string | null;
    isInvalid: boolean;
    errorMessage: string;
    answerInfos: Array<{ id: number; text: string; subtext: string; value: number; isInvalid: boolean }>;
  }>;
};

async function login(identCode: string, accessCode: string): Promise<string> {
  const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: identCode });
  const answer = await call('submit/kodekodex/login', { passwordHash: encryptClientValue(accessCode, settings.clientCryptoKey, settings.clientCryptoIv), token: ident.token });
  expect(answer.token).toBeTruthy();
  return answer.token as string;
}

const page = async (token: string, body: Record<string, unknown> = {}) =>
  (await call('pageinfo/questionnaire', { token, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', questionsPerPage: 1, ...body })) as SliderPage;

const pictureOf = (key: string, imageKey: string) => fs.readFileSync(path.join(bundledQuestionnaireFolder(), key, `${imageKey}.png`));

describe('the slider questionnaire (P4-SLIDER, kodew-strengths)', () => {
  let token: string;
  beforeAll(async () => {
    token = await login('P4SLIDE01', 'SLIDE4711');
  });

  it('pages one question at a time with its image named by key, size and fingerprint, info lines, header text and sub-texts', async () => {
    const first = await page(token, { questionStartIndex: 1 });
    expect(first).toMatchObject({ statusCode: 1, currentPage: 1, totalNumberOfPages: 8, notRated: true });
    const question = first.questions[0]!;
    expect(question).toMatchObject({
      text: 'Zusammenarbeit',
      imageKey: 'collaboration',
      imageWidth: 480,
      imageHeight: 270,
      imageVersion: imageFingerprint(imageSha256(pictureOf('kodew-strengths', 'collaboration'))),
      info3: 'Wie sehr trifft das auf Sie zu?',
    });
    expect(question.info1).toHaveLength(3);
    expect(question.answerInfos.map((a) => [a.text, a.subtext, a.value])).toEqual([
      ['Im Beruf', 'mit Kolleginnen, Kollegen und Kunden', -1],
      ['Im Alltag', 'in Familie, Freundeskreis und Verein', -1],
    ]);
    expect(first.answervaluesConfig).toMatchObject({ notRatedValue: -2, notRatedValueCaption: 'nicht bewertet' });
    expect(first.answervaluesConfig.valueInfos.map((v) => v.caption)).toEqual(['trifft gar nicht zu = 0', 'trifft teilweise zu = 50', 'trifft voll zu = 100']);
  });

  it('is written in all five languages', async () => {
    for (const [language, title] of [['en-US', 'Collaboration'], ['fr-FR', 'Collaboration'], ['it-IT', 'Collaborazione'], ['cz-CZ', 'Spolupráce']]) {
      const shown = await page(token, { questionStartIndex: 1, questionnaireLanguage: language });
      expect([shown.questionnaireLanguage, shown.questions[0]!.text]).toEqual([language, title]);
    }
  });

  it('refuses a value outside the scale by name and saves nothing', async () => {
    const [a, b] = (await page(token, { questionStartIndex: 1 })).questions[0]!.answerInfos;
    const above = await page(token, { questionStartIndex: 2, answers: encode(1, [{ id: a!.id, value: 40 }, { id: b!.id, value: 101 }]) });
    expect(above).toMatchObject({ statusCode: 5, errorInfo: 'answers.answers.1.value: Too big: expected number to be <=100' });
    const fraction = await page(token, { questionStartIndex: 2, answers: encode(1, [{ id: a!.id, value: 40 }, { id: b!.id, value: 12.5 }]) });
    expect(fraction.statusCode).toBe(5);
    expect(fraction.errorInfo).toMatch(/^answers\.answers\.1\.value: /);
    const below = await page(token, { questionStartIndex: 2, answers: encode(1, [{ id: a!.id, value: -3 }, { id: b!.id, value: 10 }]) });
    expect(below.statusCode).toBe(5);
    expect((await page(token, { questionStartIndex: 1 })).questions[0]!.answerInfos.map((x) => x.value)).toEqual([-1, -1]);
  });

  it('flags a question with an item unset, with the message that names not rated, and saves nothing', async () => {
    const [a, b] = (await page(token, { questionStartIndex: 1 })).questions[0]!.answerInfos;
    const half = await page(token, { questionStartIndex: 2, answers: encode(1, [{ id: a!.id, value: 40 }, { id: b!.id, value: -1 }]) });
    expect(half.currentPage).toBe(1);
    expect(half.questions[0]).toMatchObject({ isInvalid: true, errorMessage: 'Bitte stellen Sie jeden Regler ein oder kreuzen Sie „nicht bewertet“ an.' });
    expect(half.questions[0]!.answerInfos.map((x) => [x.value, x.isInvalid])).toEqual([[40, false], [-1, true]]);
    // Going back with the question set in part is refused as well (the lenient check takes only 'nothing set').
    expect((await page(token, { questionStartIndex: 1, answers: encode(1, [{ id: a!.id, value: 40 }]) })).questions[0]!.isInvalid).toBe(true);
  });

  it('saves any whole value of the scale and not rated (-2), and serves them again', async () => {
    const [a, b] = (await page(token, { questionStartIndex: 1 })).questions[0]!.answerInfos;
    const second = await page(token, { questionStartIndex: 2, answers: encode(1, [{ id: a!.id, value: 37 }, { id: b!.id, value: -2 }]) });
    expect(second).toMatchObject({ statusCode: 1, currentPage: 2 });
    expect(second.questions[0]!.imageKey).toBe('communication');
    expect((await page(token, { questionStartIndex: 1 })).questions[0]!.answerInfos.map((x) => x.value)).toEqual([37, -2]);
    // Resuming without an index lands on the first question not fully set.
    expect((await page(token)).currentPage).toBe(2);
  });

  it('loadImage: the image of the token’s questionnaire as base64 text, byte for byte', async () => {
    const image = await loadImage({ category: 'collaboration', token });
    expect(image.contentType).toMatch(/^text\/plain/);
    expect(Buffer.from(image.text, 'base64').equals(pictureOf('kodew-strengths', 'collaboration'))).toBe(true);
  });

  it.each([
    ['an unknown key', 'nonexistent'],
    ['the image of another questionnaire', 'joy'],
  ])('loadImage refuses %s plainly (NoRecordset), without echoing it', async (_name, category) => {
    const image = await loadImage({ category, token });
    const answer = JSON.parse(image.text) as Answer & { errorInfo: string };
    expect(answer).toMatchObject({ statusCode: 2, detailCode: 12 });
    expect(answer.errorInfo).toBe('category: the questionnaire of this assessment has no image of this key');
  });

  it('loadImage needs a logged-in token', async () => {
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P4VIEW001' });
    expect(JSON.parse((await loadImage({ category: 'collaboration', token: ident.token })).text)).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(JSON.parse((await loadImage({ category: 'collaboration' })).text)).toMatchObject({ statusCode: 3, detailCode: 17 });
  });
});

describe('demo rows with answered questions on a slider', () => {
  it('are seeded with valid slider values: the scale’s values in turn', () => {
    const definition = bundledDefinition('kodew-strengths');
    expect(productRules(definition.product).view).toBe('slider');
    definition.questions.forEach((question, index) => {
      const values = new Map(question.answerInfos.map((a, position) => [a.id, demoValue(definition, index, position, question.answerInfos.length)]));
      expect(isQuestionValid(definition, question, values, false)).toBe(true);
    });
    expect(demoValue(definition, 0, 0, 2)).toBe(0);
    expect(demoValue(definition, 0, 1, 2)).toBe(50);
    expect(demoValue(bundledDefinition('competency-24'), 1, 0, 4)).toBe(2);
  });
});
