import fs from 'node:fs';
import path from 'node:path';

/**
 * For the boundary tests ("who may import whom"): a folder's source files, and what each imports,
 * spelled from the repository's root whichever way the file spells it ('@/lib/x', '../x', './x'),
 * so that a relative import cannot slip past a rule.
 */
export function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /(?:from|import)\s+'([^']+)'|(?:import|require)\(\s*'([^']+)'\s*\)/g;

export function importsOf(file: string, root = process.cwd()): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => {
    const target = m[1] ?? m[2]!;
    if (target.startsWith('@/')) return target.slice(2);
    if (target.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), target)).split(path.sep).join('/');
    return target;
  });
}

/** The imports of a file that reach into one of the folders or packages named. */
export function importsInto(file: string, forbidden: readonly string[]): string[] {
  return importsOf(file).filter((target) => forbidden.some((prefix) => target === prefix || target.startsWith(`${prefix}/`)));
}
