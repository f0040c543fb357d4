import fs from 'node:fs';
import path from 'node:path';

/**
 * The build's server action ids. Every page carries some in its HTML (forms sent without
 * JavaScript name their action in a field), so an attacker has them: the fuzz sends them too.
 * Read from the build the fuzz runs; none when there is no build (run.ts stops then anyway).
 */
export function realActionIds(manifest = path.resolve('.next/server/server-reference-manifest.json')): string[] {
  try {
    const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { node?: Record<string, unknown> };
    return Object.keys(parsed.node ?? {}).sort();
  } catch {
    return [];
  }
}

/** Bodies for a real action that React's reply decoding cannot read, or arguments no action takes. */
export const ACTION_BODIES = ['garbage', '{}', '"it-IT"', '["$@9"]', '["$Q1"]', '["$1:a"]', '["$n12x"]', '["x",1,{"a":null}]', `[${'['.repeat(300)}${']'.repeat(300)}]`];
