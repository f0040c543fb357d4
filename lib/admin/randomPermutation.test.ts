import { RandomPermutation } from './randomPermutation';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('RandomPermutation', () => {
  it.each([1, 2, 3, 7, 16, 17, 1000, 4097])('maps 0 … %i-1 onto itself, each number once', (size) => {
    const images = new RandomPermutation(size).map(range(size));
    expect([...images].sort((a, b) => a - b)).toEqual(range(size));
  });

  it('gives the same images however the values are batched', () => {
    const permutation = new RandomPermutation(500);
    const whole = permutation.map(range(500));
    const inParts = [...permutation.map(range(500).slice(0, 123)), ...permutation.map(range(500).slice(123))];
    expect(inParts).toEqual(whole);
  });

  it('draws another permutation each time, none of them the identity', () => {
    const a = new RandomPermutation(1000).map(range(1000));
    const b = new RandomPermutation(1000).map(range(1000));
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(range(1000));
    // Neighbours do not stay neighbours: an order that kept them would tell who came first.
    const kept = a.slice(1).filter((image, i) => Math.abs(image - a[i]!) === 1).length;
    expect(kept).toBeLessThan(20);
  });

  it('spans the numbers up to 2^31 for participant numbers', () => {
    const images = new RandomPermutation(2 ** 31).map([0, 1, 2, 2 ** 31 - 1]);
    expect(new Set(images).size).toBe(4);
    for (const image of images) expect(image >= 0 && image < 2 ** 31).toBe(true);
  });

  it('refuses a value outside its range', () => {
    expect(() => new RandomPermutation(10).map([10])).toThrow('10 is not from 0 to 9');
    expect(() => new RandomPermutation(2 ** 33)).toThrow(RangeError);
  });
});
