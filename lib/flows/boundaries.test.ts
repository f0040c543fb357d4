import path from 'node:path';
import { importsInto, sourceFiles } from '@/lib/importBoundaries';

/**
 * The flows are pure rules: the session applies them (lib/session may import lib/flows), never the
 * other way round, so the two cannot tie into each other. Tests beside them may build sessions.
 */
const FORBIDDEN = ['lib/session', 'lib/proxy', 'lib/upstream', 'lib/embedded-api', 'app', 'components'];

describe('the flows import nothing of the session, the proxy, the upstreams, pages or components', () => {
  const files = sourceFiles(path.join(process.cwd(), 'lib/flows'));

  it('finds its source files', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [path.relative(process.cwd(), file)]))('%s', (file) => {
    expect(importsInto(file, FORBIDDEN)).toEqual([]);
  });
});
