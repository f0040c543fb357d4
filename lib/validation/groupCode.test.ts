import { groupCodeShape, type GroupCodeShape } from './groupCode';

describe('the shape of a group code', () => {
  it.each<[string, GroupCodeShape]>([
    ['KWDEMO01', 'ok'],
    ['kwdemo01', 'ok'],
    [' KW DEMO 01 ', 'ok'],
    ['ABC123', 'ok'],
    ['A1B2C3D4E5F6G7H8', 'ok'],
    ['', 'empty'],
    ['  \t ', 'empty'],
    ['ABC12', 'length'],
    ['A1B2C3D4E5F6G7H8I', 'length'],
    ['KW-DEMO1', 'characters'],
    ['KWDEMÖ01', 'characters'],
    ["KW'; --", 'characters'],
  ])('%j → %s', (typed, shape) => {
    expect(groupCodeShape(typed)).toBe(shape);
  });
});
