import fs from 'node:fs';
import path from 'node:path';

/**
 * The demo provider stands in for PayPal, which knows nothing of the app: the embedded API reaches
 * it over HTTP at its address, as it reaches PayPal, and it imports nothing of the embedded API,
 * the gateway's upstream client or the app's routes. Only PayPal's own wire shapes
 * (lib/paypal/orderShape.ts) are neutral ground. Tests beside it may reach further.
 */
const FORBIDDEN = ['@/lib/embedded-api', '@/lib/upstream', '@/app', '@/components', 'next/'];

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|require\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);

describe('the demo provider imports nothing of the embedded API', () => {
  const files = sourceFiles(path.join(process.cwd(), 'lib/paypal-demo'));

  it('finds its source files', () => {
    expect(files.length).toBeGreaterThan(8);
  });

  it.each(files.map((file) => [path.relative(process.cwd(), file)]))('%s', (file) => {
    // Relative paths count too: '../embedded-api/…' is the same import as '@/lib/embedded-api/…'.
    const targets = importsOf(file).map((target) => (target.startsWith('.') ? `@/${path.relative(process.cwd(), path.resolve(path.dirname(file), target))}` : target));
    expect(targets.filter((target) => FORBIDDEN.some((prefix) => target.startsWith(prefix)))).toEqual([]);
  });
});

it('PayPal\'s wire shapes, which both speak, import neither the embedded API nor the demo provider', () => {
  const file = path.join(process.cwd(), 'lib/paypal/orderShape.ts');
  expect(importsOf(file).filter((target) => /^@\/(lib\/embedded-api|lib\/paypal-demo)|^\./.test(target))).toEqual([]);
});
