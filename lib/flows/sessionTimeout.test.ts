import { announcedDuration, sessionPhase, shownDuration } from './sessionTimeout';

const WARN = 120_000;

describe('the phase of a session before its end', () => {
  it.each([
    ['hours left', 3 * 3600_000, 'active'],
    ['just before the warning', WARN + 1, 'active'],
    ['the warning starts', WARN, 'warning'],
    ['a second left', 1000, 'warning'],
    ['the end', 0, 'ended'],
    ['past the end', -5000, 'ended'],
  ] as const)('%s', (_name, remaining, phase) => {
    expect(sessionPhase(remaining, WARN)).toBe(phase);
  });
});

describe('the countdown on screen and what a screen reader hears', () => {
  it.each([
    ['2 minutes', 120_000, { unit: 'minutes', count: 2 }, { unit: 'minutes', count: 2 }],
    ['a second past 1 minute rounds up to 2', 61_000, { unit: 'minutes', count: 2 }, { unit: 'minutes', count: 2 }],
    ['1 min 59.5 s still says 2 minutes', 119_500, { unit: 'minutes', count: 2 }, { unit: 'minutes', count: 2 }],
    ['60 s', 60_000, { unit: 'seconds', count: 60 }, { unit: 'seconds', count: 60 }],
    ['59 s are announced as 60', 59_000, { unit: 'seconds', count: 59 }, { unit: 'seconds', count: 60 }],
    ['40 s', 40_000, { unit: 'seconds', count: 40 }, { unit: 'seconds', count: 40 }],
    ['39 s are announced as 40', 39_000, { unit: 'seconds', count: 39 }, { unit: 'seconds', count: 40 }],
    ['20 s', 20_000, { unit: 'seconds', count: 20 }, { unit: 'seconds', count: 20 }],
    ['5 s are announced as 20, not counted down', 5_000, { unit: 'seconds', count: 5 }, { unit: 'seconds', count: 20 }],
    ['0.2 s shows 1 second', 200, { unit: 'seconds', count: 1 }, { unit: 'seconds', count: 20 }],
  ] as const)('%s', (_name, remaining, shown, announced) => {
    expect(shownDuration(remaining)).toEqual(shown);
    expect(announcedDuration(remaining)).toEqual(announced);
  });

  it('announces at most a handful of times in the last two minutes, not every second', () => {
    const said = new Set<string>();
    for (let ms = 120_000; ms > 0; ms -= 1000) said.add(JSON.stringify(announcedDuration(ms)));
    expect([...said]).toEqual(['{"unit":"minutes","count":2}', '{"unit":"seconds","count":60}', '{"unit":"seconds","count":40}', '{"unit":"seconds","count":20}']);
  });
});
