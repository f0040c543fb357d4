import path from 'node:path';
import { importsInto, sourceFiles } from '@/lib/importBoundaries';

/**
 * The demo provider stands in for PayPal, which knows nothing of the app: the embedded API reaches
 * it over HTTP at its address, as it reaches PayPal, and it imports nothing of the embedded API,
 * the gateway's upstream client or the app's routes. Only PayPal's own wire shapes
 * (lib/paypal/orderShape.ts) are neutral ground. Tests beside it may reach further.
 */
const FORBIDDEN = ['lib/embedded-api', 'lib/upstream', 'app', 'components', 'next'];

describe('the demo provider imports nothing of the embedded API', () => {
  const files = sourceFiles(path.join(process.cwd(), 'lib/paypal-demo'));

  it('finds its source files', () => {
    expect(files.length).toBeGreaterThan(8);
  });

  it.each(files.map((file) => [path.relative(process.cwd(), file)]))('%s', (file) => {
    expect(importsInto(file, FORBIDDEN)).toEqual([]);
  });
});

it('PayPal\'s wire shapes, which both speak, import neither the embedded API nor the demo provider', () => {
  expect(importsInto(path.join(process.cwd(), 'lib/paypal/orderShape.ts'), ['lib/embedded-api', 'lib/paypal-demo'])).toEqual([]);
});
