import { createHash } from 'node:crypto';
import type { Questionnaire } from './questionnaire';

type Image = { imageKey: string; mediaType: string; data: Uint8Array };

/** JSON with the keys of every object sorted: the same content gives the same text, however the file was laid out. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What decides whether an import changes anything: the validated definition (defaults filled in,
 * `$schema` and layout left out) and the bytes of its images.
 */
export function checksumOf(questionnaire: Questionnaire, images: readonly Image[]): string {
  const hash = createHash('sha256').update(canonicalJson(questionnaire));
  for (const image of [...images].sort((a, b) => (a.imageKey < b.imageKey ? -1 : 1))) {
    hash.update(`\n${image.imageKey}\n${image.mediaType}\n`).update(createHash('sha256').update(image.data).digest('hex'));
  }
  return `sha256:${hash.digest('hex')}`;
}
