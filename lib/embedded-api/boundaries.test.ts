import path from 'node:path';
import { importsInto, importsOf, sourceFiles } from '@/lib/importBoundaries';

/**
 * The embedded API is an upstream that happens to run in-process, so its code never imports the
 * gateway's session, proxy or upstream client, nor pages or components, nor the demo PayPal
 * provider (it reaches that over HTTP, as it reaches PayPal). Tests beside it may (they
 * decode claims as the gateway would).
 */
const FORBIDDEN = ['lib/session', 'lib/proxy', 'lib/upstream', 'lib/paypal-demo', 'app', 'components', 'next'];

describe('the embedded API imports only the contract, the rules, configuration, logging and neutral helpers', () => {
  const files = sourceFiles(path.join(process.cwd(), 'lib/embedded-api'));

  it('finds its source files', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [path.relative(process.cwd(), file)]))('%s', (file) => {
    expect(importsInto(file, FORBIDDEN)).toEqual([]);
  });

  it('sees a relative import for what it is', () => {
    const file = path.join(process.cwd(), 'lib/embedded-api/router.ts');
    expect(importsOf(file)).toEqual(expect.arrayContaining(['lib/api/catalogue', 'lib/embedded-api/context']));
  });
});
