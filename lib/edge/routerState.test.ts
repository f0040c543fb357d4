import { isReadableRouterState } from './routerState.mjs';

const encoded = (tree: unknown) => encodeURIComponent(JSON.stringify(tree));

describe('isReadableRouterState: the Next-Router-State-Tree header as Next parses it', () => {
  it.each([
    ['no header', undefined],
    ['the tree of /support as the client router sends it', encoded(['', { children: ['support', { children: ['__PAGE__', {}] }] }])],
    ['a dynamic segment and a refresh marker', encoded(['', { children: ['home', { children: [['params', 'P1DEMO01', 'oc', null], { children: ['__PAGE__', {}] }] }] }, null, 'refetch', 0])],
  ])('%s is read', (_, header) => expect(isReadableRouterState(header)).toBe(true));

  it.each([
    ['not encoded JSON', 'x'],
    ['malformed percent-encoding', '%ff'],
    ['not an array', encoded({ children: [] })],
    ['a boolean where Next wants a number', encoded(['', { children: ['__PAGE__', {}] }, null, null, true])],
    ['an unknown refresh marker', encoded(['', {}, null, 'now'])],
    ['a segment that is a number', encoded([1, {}])],
    ['a child that is no tree', encoded(['', { children: 'x' }])],
    ['larger than Next reads', encoded(['', { children: ['x'.repeat(40_001), {}] }])],
    ['sent twice', [encoded(['', {}]), encoded(['', {}])]],
  ])('%s is not', (_, header) => expect(isReadableRouterState(header)).toBe(false));
});
