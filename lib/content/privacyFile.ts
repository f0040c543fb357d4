import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_FILE_BYTES } from './files';
import { parsePrivacyFileText, type PrivacyTexts } from './privacy';
import { TOP_LEVEL } from './problems';

/** The operator's default privacy texts, relative to the app's folder (docs/architecture.md, "Privacy texts"). */
export const PRIVACY_FILE = 'content/privacy.json';

export function privacyFilePath(): string {
  return path.join(process.cwd(), PRIVACY_FILE);
}

/** No file: the built-in texts apply (undefined). A file with a problem is refused, every problem named. */
export type ReadPrivacyFile = { ok: true; texts: PrivacyTexts | undefined } | { ok: false; problems: string[] };

export async function readPrivacyFile(file: string = privacyFilePath()): Promise<ReadPrivacyFile> {
  let text: string;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { ok: false, problems: [`${TOP_LEVEL}: not a file`] };
    if (stat.size > MAX_FILE_BYTES) return { ok: false, problems: [`${TOP_LEVEL}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`] };
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: true, texts: undefined };
    return { ok: false, problems: [`${TOP_LEVEL}: cannot be read (${code ?? 'error'})`] };
  }
  const parsed = parsePrivacyFileText(text);
  return parsed.ok ? { ok: true, texts: parsed.texts } : parsed;
}
