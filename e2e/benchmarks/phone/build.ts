import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * On a clean clone there is no build yet: make the one `npm run build` makes (with the precompressed
 * copies the server sends), rather than fail on a missing .next/build-manifest.json.
 */
export function ensureBuild(log: (line: string) => void): boolean {
  if (fs.existsSync(path.join('.next', 'BUILD_ID')) && fs.existsSync(path.join('.next', 'build-manifest.json'))) return true;
  log('no production build in .next: running npm run build first');
  return spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status === 0;
}
