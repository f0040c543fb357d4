import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundledQuestionnaireFolder, readQuestionnaireFile } from './files';
import { parseQuestionnaire } from './parse';
import { parsePrivacyFile, parsePrivacyFileText } from './privacy';
import { readPrivacyFile } from './privacyFile';

// The tables break the files in every way a hand can: a loose type is the point here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

const FIVE = (word: string) => ({ de: `${word} (de)`, en: `${word} (en)`, fr: `${word} (fr)`, it: `${word} (it)`, cz: `${word} (cz)` });

/** content/privacy.json as an operator writes it. */
function privacyFile(): Loose {
  return {
    $schema: './privacy.schema.json',
    privacyText: { version: '2025-06', text: FIVE('Datenschutz') },
    retentionNotice: FIVE('Aufbewahrung'),
  };
}

/** A valid questionnaire with its own privacy text and retention notice. */
function questionnaire(): Loose {
  return {
    key: 'team-check',
    title: { de: 'Teamcheck' },
    product: 2,
    questionsPerPage: 1,
    noDetails: true,
    notRated: false,
    answervaluesConfig: { valueInfos: [1, 2].map((value) => ({ value, caption: { de: String(value) } })) },
    questions: [{ id: 1, text: { de: 'Frage' }, answerInfos: [{ id: 10, text: { de: 'Aussage' } }] }],
    privacyText: { version: 'team-1', text: { de: 'Datenschutz des Teamchecks' } },
    retentionNotice: { de: 'Gelöscht nach sechs Monaten.' },
  };
}

function problemsOf(parse: (value: unknown) => { ok: boolean; problems?: string[] }, subject: Loose, change: (file: Loose) => void): string[] {
  change(subject);
  const parsed = parse(subject);
  return parsed.ok ? [] : parsed.problems!;
}

describe('content/privacy.json: the operator\'s default privacy texts', () => {
  it('accepts a file with both texts in the five languages, and gives them without $schema', () => {
    const parsed = parsePrivacyFile(privacyFile());
    expect(parsed).toEqual({ ok: true, texts: { privacyText: { version: '2025-06', text: FIVE('Datenschutz') }, retentionNotice: FIVE('Aufbewahrung') } });
  });

  it.each<[string, (file: Loose) => void]>([
    ['only a privacy text', (file) => delete file.retentionNotice],
    ['only a retention notice', (file) => delete file.privacyText],
    ['German alone (the other languages fall back to it)', (file) => (file.privacyText.text = { de: 'Nur Deutsch' })],
    ['nothing but the schema line', (file) => (delete file.privacyText, delete file.retentionNotice)],
  ])('accepts %s', (_name, change) => {
    expect(problemsOf(parsePrivacyFile, privacyFile(), change)).toEqual([]);
  });

  it.each<[string, (file: Loose) => void, string]>([
    ['a privacy text without a version', (file) => delete file.privacyText.version, 'privacyText.version: required'],
    ['a version with a space', (file) => (file.privacyText.version = 'June 2025'),
      'privacyText.version: must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. "2025-06")'],
    ['an empty version', (file) => (file.privacyText.version = ''),
      'privacyText.version: must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. "2025-06")'],
    ['a version as a number', (file) => (file.privacyText.version = 3), 'privacyText.version: expected a text, got number 3'],
    ['a privacy text without its German', (file) => delete file.privacyText.text.de, 'privacyText.text.de: required'],
    ['an empty English retention notice', (file) => (file.retentionNotice.en = ' '), 'retentionNotice.en: must not be empty'],
    ['the text given as a plain string', (file) => (file.privacyText.text = 'Datenschutz'), 'privacyText.text: expected an object { … }, got the text "Datenschutz"'],
    ['an unknown language', (file) => (file.retentionNotice.es = 'Conservación'), 'retentionNotice.es: unknown field'],
    ['a misspelt field', (file) => (file.retentionnotice = file.retentionNotice), "retentionnotice: unknown field (did you mean 'retentionNotice'?)"],
    ['a field of the privacy text misspelt', (file) => (file.privacyText.Version = '1'), "privacyText.Version: unknown field (did you mean 'version'?)"],
  ])('refuses %s, named by its JSON path', (_name, change, expected) => {
    expect(problemsOf(parsePrivacyFile, privacyFile(), change)).toContain(expected);
  });

  it('names every problem at once, one line each, never a stack trace', () => {
    const problems = problemsOf(parsePrivacyFile, privacyFile(), (file) => {
      delete file.privacyText.version;
      file.retentionNotice.de = '';
    });
    expect(problems).toEqual(['privacyText.version: required', 'retentionNotice.de: must not be empty']);
    for (const value of [null, 1, 'text', [], { privacyText: null }, { retentionNotice: [1] }]) {
      const parsed = parsePrivacyFile(value);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) for (const problem of parsed.problems) expect(problem).toMatch(/^[^\n]+: [^\n]+$/);
    }
  });

  it('names bad JSON by line and column, and reads a file that starts with a byte-order mark', () => {
    expect(parsePrivacyFileText('{\n  "privacyText": { "version": "1" }\n  "retentionNotice": {}\n}')).toEqual({
      ok: false,
      problems: [expect.stringContaining('(file): not valid JSON at line 3, column 3:')],
    });
    expect(parsePrivacyFileText(`\uFEFF${JSON.stringify(privacyFile())}`).ok).toBe(true);
  });
});

describe('reading content/privacy.json', () => {
  let folder: string;
  beforeAll(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'privacy-'))));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('no file: nothing set (the built-in privacy text, no retention notice)', async () => {
    expect(await readPrivacyFile(path.join(folder, 'absent.json'))).toEqual({ ok: true, texts: undefined });
  });

  it('a valid file: its texts', async () => {
    const file = path.join(folder, 'privacy.json');
    fs.writeFileSync(file, JSON.stringify(privacyFile(), null, 2));
    expect(await readPrivacyFile(file)).toMatchObject({ ok: true, texts: { privacyText: { version: '2025-06' } } });
  });

  it('a wrong file: its problems, by JSON path', async () => {
    const file = path.join(folder, 'wrong.json');
    fs.writeFileSync(file, JSON.stringify({ privacyText: { text: { de: 'x' } } }));
    expect(await readPrivacyFile(file)).toEqual({ ok: false, problems: ['privacyText.version: required'] });
  });

  it('a folder where the file should be: said so', async () => {
    expect(await readPrivacyFile(folder)).toEqual({ ok: false, problems: ['(file): not a file'] });
  });
});

describe('a questionnaire file\'s own privacy text and retention notice', () => {
  it('are optional: a questionnaire without them is valid, one with them carries them', () => {
    const without = questionnaire();
    delete without.privacyText;
    delete without.retentionNotice;
    expect(parseQuestionnaire(without).ok).toBe(true);
    const parsed = parseQuestionnaire(questionnaire());
    expect(parsed.ok && parsed.questionnaire.privacyText).toEqual({ version: 'team-1', text: { de: 'Datenschutz des Teamchecks' } });
    expect(parsed.ok && parsed.questionnaire.retentionNotice).toEqual({ de: 'Gelöscht nach sechs Monaten.' });
  });

  it.each<[string, (q: Loose) => void, string]>([
    ['a privacy text without a version', (q) => delete q.privacyText.version, 'privacyText.version: required'],
    ['a version with a slash', (q) => (q.privacyText.version = 'team/1'),
      'privacyText.version: must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. "2025-06")'],
    ['a privacy text without text', (q) => delete q.privacyText.text, 'privacyText.text: required'],
    ['a retention notice without German', (q) => (q.retentionNotice = { en: 'Deleted after six months.' }), 'retentionNotice.de: required'],
    ['a misspelt field', (q) => (q.privacytext = q.privacyText), "privacytext: unknown field (did you mean 'privacyText'?)"],
  ])('refuse %s, named by its JSON path', (_name, change, expected) => {
    expect(problemsOf(parseQuestionnaire, questionnaire(), change)).toContain(expected);
  });

  it('a wrong one refuses the whole file on import, with the others of its problems', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'questionnaire-privacy-'));
    try {
      const subject = questionnaire();
      subject.privacyText.version = '';
      subject.questions[0].text = {};
      const file = path.join(folder, 'team-check.json');
      fs.writeFileSync(file, JSON.stringify(subject));
      const read = await readQuestionnaireFile(file);
      expect(read.ok).toBe(false);
      expect(!read.ok && read.problems).toEqual(expect.arrayContaining([
        'privacyText.version: must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. "2025-06")',
        'questions[0].text.de: required',
      ]));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('the demo\'s competency-24 has its own, in the five languages', async () => {
    const read = await readQuestionnaireFile(path.join(bundledQuestionnaireFolder(), 'competency-24.json'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.questionnaire.privacyText?.version).toBe('competency-2025-06');
    expect(Object.keys(read.questionnaire.privacyText!.text)).toEqual(['de', 'en', 'fr', 'it', 'cz']);
    expect(Object.keys(read.questionnaire.retentionNotice!)).toEqual(['de', 'en', 'fr', 'it', 'cz']);
  });
});
