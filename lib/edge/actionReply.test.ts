import { argumentsProblem, boundActionProblem } from './actionReply.mjs';

const parts = (...texts: Array<string | undefined>) => (id: number) => texts[id];

describe('argumentsProblem: server action arguments that React can decode', () => {
  it.each([
    ['no arguments', parts('[]')],
    ['plain values', parts('["P1DEMO01",1,true,null,{"a":[1,2]}]')],
    ['a string that starts with "$", escaped', parts('["$$5"]')],
    ['values JSON lacks', parts('["$undefined","$NaN","$Infinity","$-Infinity","$-0","$D2026-01-01T00:00:00.000Z","$n12345678901234567890","$n-1"]')],
    ['a form’s data', parts('["$K1"]')],
    ['a reference to a part that is there', parts('["$1","$@2"]', '{"a":1}', '["x"]')],
    ['a part that refers back to itself', parts('["$1"]', '{"self":"$1"}')],
    ['prototype keys (React drops them)', parts('[{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}]')],
  ])('%s: none', (_, part) => expect(argumentsProblem(part)).toBeUndefined());

  it.each([
    ['not JSON', parts('garbage'), 'part 0 is not JSON'],
    ['cut off', parts('['), 'part 0 is not JSON'],
    ['no root part', parts(undefined), 'part 0, which the body does not carry'],
    ['not a list', parts('{}'), 'not a list of arguments'],
    ['a bare string', parts('"it-IT"'), 'not a list of arguments'],
    ['more than 1,000 arguments', parts(JSON.stringify(Array(1001).fill(0))), 'more than 1000 arguments'],
    ['a reference to a missing part', parts('["$@9"]'), 'part 9, which the body does not carry'],
    ['a reference to a part that is not JSON', parts('["$1"]', '{'), 'part 1 is not JSON'],
    ['a reference with a path', parts('["$1:a"]', '{"a":1}'), 'a kind of value'],
    ['a Map', parts('["$Q1"]', '[]'), 'a kind of value'],
    ['a Set', parts('["$W1"]', '[]'), 'a kind of value'],
    ['a file', parts('["$B1"]'), 'a kind of value'],
    ['a server reference', parts('["$h1"]'), 'a kind of value'],
    ['a temporary reference', parts('["$T"]'), 'a kind of value'],
    ['a stream', parts('["$R1"]'), 'a kind of value'],
    ['a typed array', parts('["$o1"]'), 'a kind of value'],
    ['a big integer that is none', parts('["$n12x"]'), 'not a big integer'],
    ['a big integer longer than React takes', parts(`["$n${'9'.repeat(301)}"]`), 'not a big integer'],
    ['values nested 200 deep', parts(`[${'['.repeat(200)}${']'.repeat(200)}]`), 'nested deeper'],
    ['more array slots than React takes', parts(`["${'x'.repeat(1_000_001)}"]`), 'too large'],
  ])('%s: refused', (_, part, problem) => expect(argumentsProblem(part)).toContain(problem));
});

describe('boundActionProblem: the descriptor of a form’s action with bound arguments', () => {
  it.each([
    ['bound null', parts('{"id":"a","bound":null}')],
    ['bound arguments in a part', parts('{"id":"a","bound":"$@1"}', '["P1DEMO01"]')],
  ])('%s: none', (_, part) => expect(boundActionProblem(part)).toBeUndefined());

  it.each([
    ['no id', parts('{"bound":null}'), 'does not name an action'],
    ['not an object', parts('[]'), 'does not name an action'],
    ['bound arguments inline', parts('{"id":"a","bound":["x"]}'), 'not a reference to a list'],
    ['bound arguments in a missing part', parts('{"id":"a","bound":"$@9"}'), 'part 9'],
    ['bound arguments that are no list', parts('{"id":"a","bound":"$@1"}', '{}'), 'not a list'],
    ['a bound argument React cannot decode', parts('{"id":"a","bound":"$@1"}', '["$Q2"]'), 'a kind of value'],
  ])('%s: refused', (_, part, problem) => expect(boundActionProblem(part)).toContain(problem));
});
