import path from 'node:path';
import { importsInto, sourceFiles } from '@/lib/importBoundaries';

/**
 * The embedded API and the demo PayPal provider may not import each other, yet both keep their
 * data the same way: lib/sql is the ground they share, so it imports neither, nor the app.
 */
const FORBIDDEN = ['lib/embedded-api', 'lib/paypal-demo', 'app', 'components', 'next'];

describe('the SQL helpers import nothing of the embedded API, the demo provider or the app', () => {
  const files = sourceFiles(path.join(process.cwd(), 'lib/sql'));

  it('finds its source files', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  it.each(files.map((file) => [path.relative(process.cwd(), file)]))('%s', (file) => {
    expect(importsInto(file, FORBIDDEN)).toEqual([]);
  });
});
