/**
 * npx tsx lib/scripts/demo-key-hashes.ts — writes lib/embedded-api/demo/keyHashes.ts: every demo
 * access code of lib/embedded-api/demo/rows.ts hashed once, at full strength, as the demo stores
 * it. Run it after adding or changing a demo code; keyHashes.test.ts fails until then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ASSESSMENTS } from '@/lib/embedded-api/demo/rows';
import { hashKey } from '@/lib/embedded-api/keys';

const file = path.join(process.cwd(), 'lib/embedded-api/demo/keyHashes.ts');

async function main(): Promise<void> {
  const codes = [...new Set(DEMO_ASSESSMENTS.flatMap((row) => (row.accessCode ? [row.accessCode] : [])))].sort();
  const lines = await Promise.all(codes.map(async (code) => `  ${code}: '${await hashKey(code)}',`));
  const header = fs.readFileSync(file, 'utf8').split('export const DEMO_KEY_HASHES')[0];
  fs.writeFileSync(file, `${header}export const DEMO_KEY_HASHES: Readonly<Record<string, string>> = {\n${lines.join('\n')}\n};\n`);
  console.log(`${path.relative(process.cwd(), file)}: ${codes.length} demo codes hashed.`);
}

void main();
