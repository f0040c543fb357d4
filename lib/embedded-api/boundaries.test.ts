import fs from 'node:fs';
import path from 'node:path';

/**
 * DESIGN.md, "Who may import whom": the embedded API is an upstream that happens to run
 * in-process, so its code never imports the gateway's session, proxy or upstream client, nor pages
 * or components. Tests beside it may (they decode claims as the gateway would).
 */
const FORBIDDEN = ['@/lib/session', '@/lib/proxy', '@/lib/upstream', '@/app', '@/components', 'next/'];

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the embedded API imports only the contract, the rules, configuration, logging and neutral helpers', () => {
  const files = sourceFiles(path.join(process.cwd(), 'lib/embedded-api'));

  it('finds its source files', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [path.relative(process.cwd(), file)]))('%s', (file) => {
    const imports = [...fs.readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]!);
    expect(imports.filter((target) => FORBIDDEN.some((prefix) => target.startsWith(prefix)))).toEqual([]);
  });
});
