import fs from 'node:fs/promises';
import path from 'node:path';
import { checksumOf } from './checksum';
import { imageSha256, imageSize, mediaTypeOf, type ImageMediaType } from './images';
import { parseQuestionnaireText } from './parse';
import { formatPath, TOP_LEVEL } from './problems';
import type { Questionnaire } from './questionnaire';

/**
 * Questionnaire files on disk: content/questionnaires/<key>.json, and its images beside it in a
 * folder of the same name, content/questionnaires/<key>/<imageKey>.png (or .jpg, .jpeg, .gif,
 * .webp). The media type comes from the extension and must match the file's first bytes.
 */

/** The questionnaires that ship with the app (the demo imports them). */
export function bundledQuestionnaireFolder(): string {
  return path.join(process.cwd(), 'content', 'questionnaires');
}

/** Large enough for a photo of a scale or a logo; an image is sent with its page. */
export const MAX_IMAGE_BYTES = 512 * 1024;
/** Far more than any real questionnaire; a bigger file is a mistake, not content. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** SVG is not accepted: it can carry scripts. The bytes must say the same type (lib/content/images.ts). */
const MEDIA_TYPES: Record<string, { type: ImageMediaType }> = {
  png: { type: 'image/png' },
  jpg: { type: 'image/jpeg' },
  jpeg: { type: 'image/jpeg' },
  gif: { type: 'image/gif' },
  webp: { type: 'image/webp' },
};
export const IMAGE_EXTENSIONS = Object.keys(MEDIA_TYPES);

/** An image with what pages need before it arrives: its size (no layout shift) and the hash that names its bytes. */
export type QuestionnaireImage = { imageKey: string; mediaType: string; data: Buffer; width: number; height: number; sha256: string };

/** A file that may be imported: the questionnaire, the images its questions name, and its checksum. */
export type ValidQuestionnaireFile = { ok: true; file: string; questionnaire: Questionnaire; images: QuestionnaireImage[]; checksum: string };
export type RefusedQuestionnaireFile = { ok: false; file: string; key?: string; problems: string[] };
export type QuestionnaireFile = ValidQuestionnaireFile | RefusedQuestionnaireFile;

/** Reads and checks one file with everything it refers to; every problem is named, nothing thrown for a bad file. */
export async function readQuestionnaireFile(file: string): Promise<QuestionnaireFile> {
  let text: string;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { ok: false, file, problems: [`${TOP_LEVEL}: not a file`] };
    if (stat.size > MAX_FILE_BYTES) return { ok: false, file, problems: [`${TOP_LEVEL}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`] };
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    return { ok: false, file, problems: [`${TOP_LEVEL}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`] };
  }
  const parsed = parseQuestionnaireText(text);
  if (!parsed.ok) return { ok: false, file, problems: parsed.problems };
  const { questionnaire } = parsed;
  const problems: string[] = [];
  const name = path.basename(file, '.json');
  if (name !== questionnaire.key) problems.push(`key: '${questionnaire.key}' does not match the file name '${path.basename(file)}' (name the file ${questionnaire.key}.json)`);
  const images = await readImages(path.join(path.dirname(file), questionnaire.key), questionnaire, problems);
  if (problems.length > 0) return { ok: false, file, key: questionnaire.key, problems };
  return { ok: true, file, questionnaire, images, checksum: checksumOf(questionnaire, images) };
}

/** The images the questions name, each once, from the folder beside the file. */
async function readImages(folder: string, questionnaire: Questionnaire, problems: string[]): Promise<QuestionnaireImage[]> {
  const images: QuestionnaireImage[] = [];
  const seen = new Set<string>();
  let present: string[] = [];
  try {
    present = await fs.readdir(folder);
  } catch {
    // No folder: every image named is missing, said below.
  }
  for (const [index, question] of questionnaire.questions.entries()) {
    const imageKey = question.imageKey;
    if (!imageKey || seen.has(imageKey)) continue;
    seen.add(imageKey);
    const where = formatPath(['questions', index, 'imageKey']);
    const candidates = present.filter((entry) => {
      const dot = entry.lastIndexOf('.');
      return dot > 0 && entry.slice(0, dot) === imageKey && IMAGE_EXTENSIONS.includes(entry.slice(dot + 1).toLowerCase());
    });
    const relative = path.join(questionnaire.key, imageKey);
    if (candidates.length === 0) {
      problems.push(`${where}: no image ${relative}.${IMAGE_EXTENSIONS.join('|')} beside the file`);
      continue;
    }
    if (candidates.length > 1) {
      problems.push(`${where}: more than one image for '${imageKey}' (${candidates.join(', ')}); keep one`);
      continue;
    }
    const entry = candidates[0]!;
    const media = MEDIA_TYPES[entry.slice(entry.lastIndexOf('.') + 1).toLowerCase()]!;
    const full = path.join(folder, entry);
    const stat = await fs.stat(full);
    if (!stat.isFile()) {
      problems.push(`${where}: ${path.join(questionnaire.key, entry)} is not a file`);
      continue;
    }
    if (stat.size > MAX_IMAGE_BYTES) {
      problems.push(`${where}: ${path.join(questionnaire.key, entry)} has ${stat.size} bytes, more than the ${MAX_IMAGE_BYTES} allowed`);
      continue;
    }
    const data = await fs.readFile(full);
    if (mediaTypeOf(data) !== media.type) {
      problems.push(`${where}: ${path.join(questionnaire.key, entry)} is not an image of type ${media.type} (its first bytes say otherwise)`);
      continue;
    }
    const size = imageSize(data);
    if (!size) {
      problems.push(`${where}: ${path.join(questionnaire.key, entry)} has no width and height to read in its header (1 to 20,000 pixels each)`);
      continue;
    }
    images.push({ imageKey, mediaType: media.type, data, ...size, sha256: imageSha256(data) });
  }
  return images;
}

/** The questionnaire files of a folder: every *.json except the JSON Schema, by name. */
export async function questionnaireFilesIn(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json'))
    .map((entry) => path.join(folder, entry.name))
    .sort();
}

/** Reads every questionnaire file of a folder (see questionnaireFilesIn). */
export async function readQuestionnaireFolder(folder: string): Promise<QuestionnaireFile[]> {
  const files = await questionnaireFilesIn(folder);
  const read: QuestionnaireFile[] = [];
  for (const file of files) read.push(await readQuestionnaireFile(file));
  return read;
}
