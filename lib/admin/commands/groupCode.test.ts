import fs from 'node:fs';
import path from 'node:path';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { createMember, findGroupCode } from '@/lib/embedded-api/groups/store';
import { encryptClientValue } from '@/lib/embedded-api/clientCrypto';
import { createRequestHandler } from '@/lib/embedded-api/server';
import { sendTo, TEST_CRYPTO, testSettings, type Answer } from '@/lib/embedded-api/testApi';
import { groupVariant } from '@/lib/flows/groupVariants';
import { routeAfterGroupLogin } from '@/lib/flows/groupLogin';
import { decodeClaims } from '@/lib/session/claims';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { envFor, insertQuestionnaire, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';
import { closeSharedFolders } from '../oneOpenPerSuite';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;
const countGroupCodes = () => withDb(env, async ({ db }) => (await db.query<{ n: number }>('select count(*)::int as n from group_code'))[0]!.n);
const QUESTIONNAIRES = 'web-strengths:1,web-motivation:2,web-leadership:3:unselectable';

/** A fields file in the data folder; a definition is written as JSON unless it is text already. */
function fieldsFile(name: string, content: unknown): string {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

const FIELDS = [
  { id: 1, name: { de: 'Abteilung', en: 'Department' }, fieldType: 'Text', sortNumber: 2, required: true },
  { id: 2, name: { de: 'Berufserfahrung', en: 'Work experience' }, fieldType: 'List', allowedValues: ['0-2', '3-5', '6+'], sortNumber: 1 },
  { id: 3, name: { de: 'Standort' }, fieldType: 'Text', sortNumber: 0 },
];

async function create(...args: string[]) {
  const io = recorder(env);
  const code = await runAdmin(['groupcode', 'create', ...args], io);
  return { code, io, rows: code === EXIT.ok ? parseCsv(io.text()) : [] };
}

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
  await withDb(env, async (opened) => {
    await insertQuestionnaire(opened, 'web-strengths', 1, 4);
    await insertQuestionnaire(opened, 'web-strengths', 2, 4);
    await insertQuestionnaire(opened, 'web-motivation', 1, 4);
    await insertQuestionnaire(opened, 'web-leadership', 1, 4);
    await insertQuestionnaire(opened, 'ranking', 1, 1);
    await insertQuestionnaire(opened, 'grid-ra', 1, 3);
    // A whole questionnaire (grid-10's content under another key): its personal-info page reads the
    // questionnaire's privacy text from the definition.
    const gridTen = JSON.parse(fs.readFileSync('content/questionnaires/grid-10.json', 'utf8')) as Record<string, unknown>;
    await opened.db.query('insert into questionnaire (key, version, checksum, definition) values ($1, 1, $2, $3)', ['grid-kgc', 'sum-grid-kgc-1', JSON.stringify({ ...gridTen, key: 'grid-kgc' })]);
  });
}, 60_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

describe('groupcode create', () => {
  it('creates a kodew group code and prints it with its deep link; the embedded API takes participants with it', async () => {
    const file = fieldsFile('fields.json', FIELDS);
    const { code, io, rows } = await create('--variant', 'kodew', '--questionnaires', QUESTIONNAIRES, '--fields', file, '--valid-until', '2999-06-30', '--language', 'en');
    expect(code).toBe(EXIT.ok);
    expect(io.text().split('\r\n')[0]).toBe('group_code,variant,deep_link');
    expect(rows).toHaveLength(1);
    const groupCode = rows[0]!.group_code!;
    expect(groupCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(rows[0]).toEqual({ group_code: groupCode, variant: 'kodew', deep_link: `https://assess.example/kodew/${groupCode}/en` });
    expect(io.stderr.join('\n')).toBe(
      'Created a kodew group code (product 4) with web-strengths (version 2, type 1), web-motivation (version 1, type 2), ' +
        'web-leadership (version 1, type 3, not selectable); 3 additional fields; valid until 2999-06-30T23:59:59.999Z.',
    );

    await withDb(env, async ({ db }) => {
      const group = await findGroupCode(db, groupCode.toLowerCase());
      expect(group).toMatchObject({
        variant: 'kodew', product: 4, ui_language: 'en-US', closed_at: null,
        questionnaires: [
          { key: 'web-strengths', questionnaireType: 1, selectable: true },
          { key: 'web-motivation', questionnaireType: 2, selectable: true },
          { key: 'web-leadership', questionnaireType: 3, selectable: false },
        ],
      });
      expect(group!.valid_until!.toISOString()).toBe('2999-06-30T23:59:59.999Z');
      // The definitions as the file gave them, with the defaults the schema adds.
      expect(group!.fields).toEqual([FIELDS[0], { ...FIELDS[1], required: false }, { ...FIELDS[2], required: false }]);
      // A login's participant: an assessment of the first selectable questionnaire, on its latest version.
      const member = await db.transaction((tx) => createMember(tx, group!));
      const [assessment] = await db.query<Record<string, unknown>>('select product, questionnaire_key, questionnaire_version, assessment_type, ui_language from assessment where id = $1', [member.assessmentId]);
      expect(assessment).toEqual({ product: 4, questionnaire_key: 'web-strengths', questionnaire_version: 2, assessment_type: 1, ui_language: 'en-US' });
    });
  });

  it('takes the operator\'s own code, and refuses it (in any case) once it is taken, exit 1', async () => {
    const first = await create('--variant', 'kodew', '--questionnaires', 'web-strengths', '--code', 'Klasse7b2026');
    expect(first.code).toBe(EXIT.ok);
    expect(first.rows[0]).toEqual({ group_code: 'Klasse7b2026', variant: 'kodew', deep_link: 'https://assess.example/kodew/Klasse7b2026' });
    const before = await countGroupCodes();
    const again = await create('--variant', 'kodew', '--questionnaires', 'web-motivation', '--code', 'KLASSE7B2026');
    expect(again.code).toBe(EXIT.failure);
    expect(again.io.stderr.join('')).toBe("groupcode create: group code 'KLASSE7B2026' is taken (group codes are compared in any case); choose another or leave out --code to get a new one");
    expect(again.io.stdout).toEqual([]);
    expect(await countGroupCodes()).toBe(before);
  });

  it('makes an ra group code with the product of its variant and a deep link without a language token', async () => {
    const { code, rows } = await create('--variant', 'RA', '--questionnaires', 'grid-ra', '--language', 'fr', '--base-url', 'https://other.example/app/');
    expect(code).toBe(EXIT.ok);
    expect(rows[0]!.deep_link).toBe(`https://other.example/app/ra/${rows[0]!.group_code}`);
    await withDb(env, async ({ db }) => {
      const group = (await findGroupCode(db, rows[0]!.group_code!))!;
      expect(group).toMatchObject({ variant: 'ra', product: 3, ui_language: 'fr-FR', fields: [], questionnaires: [{ key: 'grid-ra', questionnaireType: 1, selectable: true }] });
      // A participant answers its one questionnaire, on product 3.
      const member = await db.transaction((tx) => createMember(tx, group));
      const [assessment] = await db.query<Record<string, unknown>>('select product, questionnaire_key from assessment where id = $1', [member.assessmentId]);
      expect(assessment).toEqual({ product: 3, questionnaire_key: 'grid-ra' });
    });
  });

  it('gives a kodegroupcode group code the product its questionnaires share', async () => {
    const { code, io } = await create('--variant', 'kodegroupcode', '--questionnaires', 'grid-ra', '--excel');
    expect(code).toBe(EXIT.ok);
    expect(io.text().startsWith('\uFEFFgroup_code;variant;deep_link\r\n')).toBe(true);
    const [row] = parseCsv(io.text(), ';');
    await withDb(env, async ({ db }) => expect(await findGroupCode(db, row!.group_code!)).toMatchObject({ variant: 'kodegroupcode', product: 3 }));
  });

  it('creates a kodegroupcode group code with fields and a language token in its link; a participant logs in with it as typed and gets its fields', async () => {
    const file = fieldsFile('kgc-fields.json', [
      { id: 1, name: { de: 'Team', en: 'Team' }, fieldType: 'Text', sortNumber: 1, required: true },
      { id: 2, name: { de: 'Rolle', en: 'Role' }, fieldType: 'List', allowedValues: ['Leitung', 'Mitglied'], sortNumber: 2 },
    ]);
    const { code, io, rows } = await create('--variant', 'kodegroupcode', '--questionnaires', 'grid-kgc', '--fields', file, '--language', 'en');
    expect(code).toBe(EXIT.ok);
    const groupCode = rows[0]!.group_code!;
    expect(rows[0]).toEqual({ group_code: groupCode, variant: 'kodegroupcode', deep_link: `https://assess.example/kodegroupcode/${groupCode}/en` });
    expect(io.stderr.join('\n')).toBe('Created a kodegroupcode group code (product 2) with grid-kgc (version 1, type 1); 2 additional fields; no end date.');
    const answers = await withDb(env, async ({ db }) => {
      const handle = createRequestHandler(db, testSettings('g'.repeat(40)));
      // kodegroupcode's group code travels as typed (spec §7).
      const login = (await sendTo(handle, 'submit/kodegroupcode/login', { groupcode: groupCode.toLowerCase(), uiLanguage: 'en-US' }, '198.51.100.78')).answer;
      const page = (await sendTo(handle, 'pageinfo/kodegroupcode/personalinfo', { token: login.token, uiLanguage: 'en-US' }, '198.51.100.78')).answer;
      return { login, page };
    });
    expect(routeAfterGroupLogin(answers.login, decodeClaims(answers.login.token).isLoggedIn, 0, groupVariant('kodegroupcode'))).toEqual({ kind: 'go', to: '/kodegroupcodepersonal' });
    expect(decodeClaims(answers.login.token)).toMatchObject({ product: 2, isLoggedIn: true });
    expect(answers.page).toMatchObject({ statusCode: 1 });
    expect((answers.page.additionalFieldsWithValues as { name: string }[]).map((f) => f.name)).toEqual(['Team', 'Role']);
  });

  it('names the questionnaire that is not imported, exit 1, and creates nothing', async () => {
    const before = await countGroupCodes();
    const { code, io } = await create('--variant', 'kodew', '--questionnaires', 'web-strengths,web-motivaton');
    expect(code).toBe(EXIT.failure);
    expect(io.stderr.join('')).toBe(
      "groupcode create: questionnaire 'web-motivaton' is not imported. Imported: grid-kgc, grid-ra, ranking, web-leadership, web-motivation, web-strengths. Import one with 'questionnaire import <file|folder>'.",
    );
    expect(await countGroupCodes()).toBe(before);
  });

  it.each([
    [['--variant', 'kodew', '--questionnaires', 'web-strengths,ranking'], "questionnaire 'ranking' is of product 1; a kodew group code shows questionnaires of product 4"],
    [['--variant', 'ra', '--questionnaires', 'ranking'], "questionnaire 'ranking' is of product 1; a ra group code shows questionnaires of product 3"],
  ])('refuses questionnaires of another view %j, exit 1', async (args, message) => {
    const before = await countGroupCodes();
    const { code, io } = await create(...args);
    expect(code).toBe(EXIT.failure);
    expect(io.stderr.join('')).toBe(`groupcode create: ${message}`);
    expect(await countGroupCodes()).toBe(before);
  });

  it('refuses a fields file with every problem named by its JSON path, exit 1, and creates nothing', async () => {
    const before = await countGroupCodes();
    const file = fieldsFile('bad-fields.json', [
      { id: 1, name: { de: 'Abteilung' }, fieldType: 'List', sortNumber: 1 },
      { id: 1, name: { en: 'Site' }, fieldType: 'Text', allowedValues: ['x'], sortNumber: -1, Required: true },
      { id: 2, name: { de: 'Team' }, fieldType: 'Dropdown', sortNumber: 1.5 },
    ]);
    const { code, io } = await create('--variant', 'kodew', '--questionnaires', 'web-strengths', '--fields', file);
    expect(code).toBe(EXIT.failure);
    expect(io.stderr.join('\n')).toBe([
      `groupcode create: ${file}: refused`,
      '  [0].allowedValues: a List needs at least one allowed value',
      '  [1].name.de: required',
      '  [1].sortNumber: must be at least 0',
      "  [1].Required: unknown field (did you mean 'required'?)",
      '  [2].fieldType: must be one of "Text", "List"',
      '  [2].sortNumber: must be a whole number',
    ].join('\n'));
    expect(await countGroupCodes()).toBe(before);
  });

  it('refuses fields that are each well formed but clash: an id twice, allowed values on a Text', async () => {
    const file = fieldsFile('clashing-fields.json', [
      { id: 7, name: { de: 'Abteilung' }, fieldType: 'Text', allowedValues: ['x'], sortNumber: 1 },
      { id: 7, name: { de: 'Standort' }, fieldType: 'Text', sortNumber: 2 },
    ]);
    const { code, io } = await create('--variant', 'kodew', '--questionnaires', 'web-strengths', '--fields', file);
    expect(code).toBe(EXIT.failure);
    expect(io.stderr.join('\n').split('\n').slice(1)).toEqual(['  [0].allowedValues: only a List has allowed values', '  [1].id: 7 appears twice']);
  });

  it.each([
    ['{ "id": 1,', /^ {2}\(file\): not valid JSON at line 1, column 11: /],
    [JSON.stringify({ fields: [] }), /^ {2}\(file\): expected a list \[ … \], got an object$/],
  ])('names a file that is no list of fields: %s', async (text, problem) => {
    const file = fieldsFile('odd.json', text);
    const { code, io } = await create('--variant', 'kodew', '--questionnaires', 'web-strengths', '--fields', file);
    expect(code).toBe(EXIT.failure);
    expect(io.stderr.join('\n').split('\n')[1]).toMatch(problem);
  });

  it('names a fields file that does not exist', async () => {
    const { code, io } = await create('--variant', 'kodew', '--questionnaires', 'web-strengths', '--fields', path.join(dataDir, 'none.json'));
    expect(code).toBe(EXIT.failure);
    expect(io.stderr.join('\n')).toContain('(file): cannot be read (ENOENT)');
  });

  let before: number;
  it('(counts the group codes before the refusals)', async () => {
    before = await countGroupCodes();
  });

  it.each([
    [['--questionnaires', 'web-strengths'], '--variant is required'],
    [['--variant', 'kodew'], '--questionnaires is required'],
    [['--variant', 'kodex', '--questionnaires', 'web-strengths'], "--variant must be one of ra, kodew, kodegroupcode, not 'kodex'"],
    [['--variant', 'kodew', '--questionnaires', ' , '], '--questionnaires names no questionnaire'],
    [['--variant', 'kodew', '--questionnaires', 'Web Strengths'], "--questionnaires entry 'Web Strengths': 'Web Strengths' is not a questionnaire key (a-z, 0-9, - and _)"],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths:one'], "--questionnaires entry 'web-strengths:one' must be <key>[:<type>][:unselectable]"],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths:unselectable:2'], "--questionnaires entry 'web-strengths:unselectable:2' must be <key>[:<type>][:unselectable]"],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths:0'], "--questionnaires entry 'web-strengths:0': type must be at least 1"],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths,web-strengths:2'], "--questionnaires names 'web-strengths' twice"],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths:2,web-motivation'], '--questionnaires gives type 2 twice'],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths:unselectable'], '--questionnaires: at least one questionnaire must be selectable'],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths', '--code', 'KW-DEMO-1'], "--code must be 6 to 16 letters and digits (A-Z, a-z, 0-9), not 'KW-DEMO-1'"],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths', '--code', 'SHORT'], '--code must be 6 to 16 letters and digits'],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths', '--code', 'ABCDEFGHJKMNPQRST'], '--code must be 6 to 16 letters and digits'],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths', '--code', 'KW DEMO01'], '--code must be 6 to 16 letters and digits'],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths', '--valid-until', '2020-01-01'], '--valid-until 2020-01-01T23:59:59.999Z has passed already'],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths', '--language', 'es'], "--language must be one of de, en, fr, it, cz"],
    [['--variant', 'ra', '--questionnaires', 'grid-ra', '--fields', 'fields.json'], '--fields: the ra variant asks for name and e-mail; it has no additional fields'],
    [['--variant', 'kodegroupcode', '--questionnaires', 'grid-kgc,grid-ra'], '--questionnaires: a kodegroupcode group code has no questionnaire selection; name exactly one questionnaire, selectable'],
    [['--variant', 'ra', '--questionnaires', 'grid-ra,grid-kgc'], '--questionnaires: a ra group code has no questionnaire selection; name exactly one questionnaire, selectable'],
    [['--variant', 'ra', '--questionnaires', 'grid-ra:unselectable'], '--questionnaires: at least one questionnaire must be selectable'],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths', '--questionaires', 'x'], "unknown option '--questionaires'"],
    [['--variant', 'kodew', '--questionnaires', 'web-strengths', 'extra'], "unexpected argument 'extra'"],
  ])('refuses %j with a message naming the problem, exit 2', async (args, message) => {
    const { code, io } = await create(...args);
    expect(code).toBe(EXIT.usage);
    expect(io.stderr.join('\n')).toContain(`groupcode create: ${message}`);
    expect(io.stderr.join('\n')).toContain("Run 'npm run admin -- groupcode create --help'");
    expect(io.stdout).toEqual([]);
  });

  it('created nothing on any of these refusals', async () => {
    expect(await countGroupCodes()).toBe(before);
  });

  it('has a help text with usage, options and an example', async () => {
    const io = recorder(env);
    expect(await runAdmin(['groupcode', 'create', '--help'], io)).toBe(EXIT.ok);
    expect(io.text()).toMatch(/^Usage: npm run admin -- groupcode create --variant <variant> --questionnaires <list>/);
    for (const option of ['--variant', '--questionnaires', '--fields', '--code', '--valid-until', '--language', '--base-url', '--excel']) expect(io.text()).toContain(option);
    expect(io.text()).toMatch(/Examples:\n {2}npm run admin -- groupcode create --variant kodew/);
    for (const variant of ['kodegroupcode', 'ra']) expect(io.text()).toContain(`npm run admin -- groupcode create --variant ${variant} --questionnaires`);
  });
});

describe('groupcode list and close', () => {
  let code: string;
  beforeAll(async () => {
    const file = fieldsFile('list-fields.json', FIELDS);
    const { rows } = await create('--variant', 'kodew', '--questionnaires', QUESTIONNAIRES, '--fields', file, '--valid-until', '2999-01-31T12:00Z');
    code = rows[0]!.group_code!;
    await withDb(env, async ({ db }) => {
      const group = (await findGroupCode(db, code))!;
      for (let i = 0; i < 3; i++) await db.transaction((tx) => createMember(tx, group));
    });
  });

  const listed = async (...args: string[]) => {
    const io = recorder(env);
    expect(await runAdmin(['groupcode', 'list', ...args], io)).toBe(EXIT.ok);
    return { io, rows: parseCsv(io.text()) };
  };

  it('lists each group code with its questionnaires (in the create notation), fields in page order and participants', async () => {
    const { io, rows } = await listed();
    expect(io.text().split('\r\n')[0]).toBe('group_code,variant,product,questionnaires,fields,valid_until,closed_at,participants,created_at');
    const row = rows.find((r) => r.group_code === code)!;
    expect(row).toMatchObject({
      variant: 'kodew', product: '4', questionnaires: QUESTIONNAIRES, fields: 'Berufserfahrung | Abteilung | Standort',
      valid_until: '2999-01-31T12:00:00.000Z', closed_at: '', participants: '3',
    });
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(io.stderr).toEqual([`${rows.length} group codes.`]);
    const ra = await listed('--variant', 'ra');
    expect(ra.rows.map((r) => r.variant)).toEqual(['ra']);
  });

  it('closes a group code once, says so the second time, and the list shows when; a login then hears the group is finished', async () => {
    const login = () => withDb(env, async ({ db }) => {
      const handle = createRequestHandler(db, testSettings('g'.repeat(40)));
      return (await sendTo(handle, 'submit/kodew/login', { groupcode: encryptClientValue(code, TEST_CRYPTO.key, TEST_CRYPTO.iv) }, '198.51.100.77')).answer;
    });
    const outcome = (answer: Answer) => routeAfterGroupLogin(answer, decodeClaims(answer.token).isLoggedIn, 0, groupVariant('kodew'));
    expect(outcome(await login())).toEqual({ kind: 'go', to: '/kodewgrouploginpersonal' });
    const io = recorder(env);
    expect(await runAdmin(['groupcode', 'close', code.toLowerCase()], io)).toBe(EXIT.ok);
    expect(io.text()).toMatch(new RegExp(`^Group code ${code} closed at \\d{4}-[\\d:T.-]+Z: new logins are refused\\.$`));
    const closedAt = await withDb(env, async ({ db }) => (await findGroupCode(db, code))!.closed_at!.toISOString());
    const again = recorder(env);
    expect(await runAdmin(['groupcode', 'close', code], again)).toBe(EXIT.ok);
    expect(again.text()).toBe(`Group code ${code} was closed already, at ${closedAt}.`);
    expect((await listed()).rows.find((r) => r.group_code === code)!.closed_at).toBe(closedAt);
    expect(outcome(await login())).toMatchObject({ kind: 'modal', messageKey: 'ErrorGroupCodeFinished' });
  });

  it('refuses to close a code that does not exist (exit 1) and wants exactly one code (exit 2)', async () => {
    const unknown = recorder(env);
    expect(await runAdmin(['groupcode', 'close', 'NOSUCHCODE'], unknown)).toBe(EXIT.failure);
    expect(unknown.stderr.join('')).toBe("groupcode close: group code 'NOSUCHCODE' does not exist; 'groupcode list' shows them");
    const none = recorder(env);
    expect(await runAdmin(['groupcode', 'close'], none)).toBe(EXIT.usage);
    expect(none.stderr.join('')).toContain('groupcode close: name one group code');
  });
});
