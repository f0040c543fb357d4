import { percentile } from './stats';

const oneToTwenty = Array.from({ length: 20 }, (_, i) => 20 - i);

describe('percentile (nearest rank)', () => {
  it.each([
    { name: 'p95 of 20 values is the 19th, not the max', values: oneToTwenty, p: 95, expected: 19 },
    { name: 'p50 of 20 values is the 10th', values: oneToTwenty, p: 50, expected: 10 },
    { name: 'p100 is the max', values: oneToTwenty, p: 100, expected: 20 },
    { name: 'p0 is the min', values: oneToTwenty, p: 0, expected: 1 },
    { name: 'p95 of 10 values is the max (rank 9.5 rounds up)', values: [5, 1, 4, 2, 3, 10, 9, 8, 7, 6], p: 95, expected: 10 },
    { name: 'p50 of an odd count is the middle one', values: [300, 100, 200], p: 50, expected: 200 },
    { name: 'one value is every percentile', values: [42], p: 95, expected: 42 },
    { name: 'sorts numbers as numbers, not as text', values: [100, 20, 3], p: 50, expected: 20 },
  ])('$name', ({ values, p, expected }) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('answers NaN for no values', () => {
    expect(percentile([], 50)).toBeNaN();
  });

  it('leaves the values it was given in their order', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});
