import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundledQuestionnaireFolder, MAX_IMAGE_BYTES, readQuestionnaireFile, readQuestionnaireFolder } from './files';

/** A PNG signature and the header chunk with its size (4 × 3), which is all the import reads of an image. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 4, 0, 0, 0, 3]),
  Buffer.from('rest of a png'),
]);
/** SOI and a baseline frame header with its size (4 × 3). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x03, 0x00, 0x04, 0x03]), Buffer.from('rest of a jpeg')]);

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

function questionnaire(key = 'team-check', imageKeys: Array<string | undefined> = ['scale']) {
  return {
    $schema: './questionnaire.schema.json',
    key,
    title: { de: 'Teamcheck' },
    product: 2,
    questionsPerPage: 1,
    noDetails: true,
    notRated: false,
    answervaluesConfig: { valueInfos: [1, 2].map((value) => ({ value, caption: { de: String(value) } })) },
    questions: imageKeys.map((imageKey, index) => ({
      id: index + 1,
      text: { de: `Frage ${index + 1}` },
      ...(imageKey && { imageKey }),
      answerInfos: [{ id: (index + 1) * 10, text: { de: 'Aussage' } }],
    })),
  };
}

/** A folder with <key>.json and the images given, as an author lays it out. */
function layout(files: Record<string, string | Buffer>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'questionnaires-'));
  folders.push(folder);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), content);
  }
  return folder;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

describe('reading a questionnaire file with its images', () => {
  it('reads the images its questions name, with the media type of their extension', async () => {
    const folder = layout({ 'team-check.json': json(questionnaire('team-check', ['scale', 'logo', 'scale'])), 'team-check/scale.png': PNG, 'team-check/logo.JPG': JPEG, 'team-check/unused.png': PNG });
    const read = await readQuestionnaireFile(path.join(folder, 'team-check.json'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.images.map((i) => [i.imageKey, i.mediaType, i.data.length])).toEqual([['scale', 'image/png', PNG.length], ['logo', 'image/jpeg', JPEG.length]]);
    // Read at import, so that pages know an image's place before it arrives.
    expect(read.images.map((i) => [i.width, i.height, i.sha256.length])).toEqual([[4, 3, 64], [4, 3, 64]]);
    expect(read.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(read.questionnaire).not.toHaveProperty('$schema');
  });

  it.each<[string, Record<string, string | Buffer>, string]>([
    ['a missing image', {}, 'questions[0].imageKey: no image team-check/scale.png|jpg|jpeg|gif|webp beside the file'],
    ['an SVG (it can carry scripts)', { 'team-check/scale.svg': '<svg/>' }, 'questions[0].imageKey: no image team-check/scale.png|jpg|jpeg|gif|webp beside the file'],
    ['two images of one key', { 'team-check/scale.png': PNG, 'team-check/scale.gif': Buffer.from('GIF89a') }, "questions[0].imageKey: more than one image for 'scale' (scale.gif, scale.png); keep one"],
    ['a text file named .png', { 'team-check/scale.png': 'not an image' }, 'questions[0].imageKey: team-check/scale.png is not an image of type image/png (its first bytes say otherwise)'],
    ['a PNG whose header has no size', { 'team-check/scale.png': PNG.subarray(0, 12) },
      'questions[0].imageKey: team-check/scale.png has no width and height to read in its header (1 to 20,000 pixels each)'],
    ['an image over the limit', { 'team-check/scale.png': Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]) },
      `questions[0].imageKey: team-check/scale.png has ${PNG.length + MAX_IMAGE_BYTES} bytes, more than the ${MAX_IMAGE_BYTES} allowed`],
  ])('refuses %s', async (_name, images, problem) => {
    const folder = layout({ 'team-check.json': json(questionnaire()), ...images });
    const read = await readQuestionnaireFile(path.join(folder, 'team-check.json'));
    expect(read).toEqual({ ok: false, file: path.join(folder, 'team-check.json'), key: 'team-check', problems: [problem] });
  });

  it('refuses a key that is not the file name', async () => {
    const folder = layout({ 'team.json': json(questionnaire('team-check', [undefined])) });
    const read = await readQuestionnaireFile(path.join(folder, 'team.json'));
    expect(read.ok ? [] : read.problems).toEqual(["key: 'team-check' does not match the file name 'team.json' (name the file team-check.json)"]);
  });

  it('names a file that cannot be read instead of throwing', async () => {
    const read = await readQuestionnaireFile(path.join(os.tmpdir(), 'no-such-questionnaire.json'));
    expect(read).toMatchObject({ ok: false, problems: ['(file): cannot be read (ENOENT)'] });
  });

  it('gives the same checksum to the same content laid out differently, and another when an image changes', async () => {
    const a = layout({ 'team-check.json': json(questionnaire()), 'team-check/scale.png': PNG });
    const { $schema: _schema, ...rest } = questionnaire();
    void _schema;
    const reordered = Object.fromEntries(Object.entries(rest).reverse());
    const b = layout({ 'team-check.json': JSON.stringify({ ...reordered, answervaluesConfig: { ...rest.answervaluesConfig, groupCaptions: [] } }), 'team-check/scale.png': PNG });
    const c = layout({ 'team-check.json': json(questionnaire()), 'team-check/scale.png': Buffer.concat([PNG, Buffer.from('!')]) });
    const [ra, rb, rc] = await Promise.all([a, b, c].map((folder) => readQuestionnaireFile(path.join(folder, 'team-check.json'))));
    expect(ra!.ok && rb!.ok && rc!.ok).toBe(true);
    if (!ra!.ok || !rb!.ok || !rc!.ok) return;
    expect(rb!.checksum).toBe(ra!.checksum);
    expect(rc!.checksum).not.toBe(ra!.checksum);
  });

  it('reads every *.json of a folder except the schema, by name', async () => {
    const folder = layout({ 'b.json': json(questionnaire('b', [undefined])), 'a.json': '{', 'questionnaire.schema.json': '{}', 'notes.txt': 'x' });
    const read = await readQuestionnaireFolder(folder);
    expect(read.map((r) => [path.basename(r.file), r.ok])).toEqual([['a.json', false], ['b.json', true]]);
  });

  it('finds the bundled questionnaires valid', async () => {
    const read = await readQuestionnaireFolder(bundledQuestionnaireFolder());
    expect(read.map((r) => (r.ok ? r.questionnaire.key : r.problems))).toEqual(['competency-24', 'grid-10', 'grid-details', 'kodew-leadership', 'kodew-motivation', 'kodew-strengths', 'ra-requirements']);
  });
});
