import crypto from 'node:crypto';

/**
 * A random permutation of the whole numbers 0 … size-1, drawn anew for each instance from a fresh
 * 128-bit key and kept nowhere: a balanced Feistel network of four rounds with AES as its round
 * function, on the smallest even number of bits that holds size, walking each cycle back into
 * range (format-preserving encryption). Nothing about the image of one number tells the image of
 * another without the key, and no table of size entries is held: the anonymous export numbers and
 * orders participants with it in constant memory, and two exports cannot be joined on either.
 *
 * Images are computed a batch at a time, one AES call per round for the whole batch.
 */
export class RandomPermutation {
  /** Bits in each half of a Feistel block. */
  private readonly bits: number;
  private readonly key: Buffer;

  constructor(readonly size: number, key: Buffer = crypto.randomBytes(16)) {
    if (!Number.isSafeInteger(size) || size < 0 || size > 2 ** 32) throw new RangeError(`a permutation of 0 to 2^32 numbers, not ${size}`);
    this.bits = Math.max(1, Math.ceil(Math.ceil(Math.log2(Math.max(size, 2))) / 2));
    this.key = key;
  }

  /** The image of each value (each from 0 to size-1), in the same order. */
  map(values: readonly number[]): number[] {
    for (const value of values) {
      if (!Number.isInteger(value) || value < 0 || value >= this.size) throw new RangeError(`${value} is not from 0 to ${this.size - 1}`);
    }
    const images = [...values];
    let walking = values.map((_, index) => index);
    // An image outside 0 … size-1 is encrypted again until it falls inside: its cycle holds the value itself, so it does.
    while (walking.length > 0) {
      const next = this.encrypt(walking.map((index) => images[index]!));
      walking.forEach((index, i) => (images[index] = next[i]!));
      walking = walking.filter((index) => images[index]! >= this.size);
    }
    return images;
  }

  private encrypt(values: readonly number[]): number[] {
    const half = 2 ** this.bits;
    let left = values.map((value) => Math.floor(value / half));
    let right = values.map((value) => value % half);
    for (let round = 0; round < 4; round++) {
      const mixed = this.roundFunction(round, right);
      [left, right] = [right, left.map((l, i) => (l ^ mixed[i]!) % half)];
    }
    return left.map((l, i) => l * half + right[i]!);
  }

  /** AES of (round, value) for each value, cut to a half block: one call for the batch. */
  private roundFunction(round: number, values: readonly number[]): number[] {
    const blocks = Buffer.alloc(values.length * 16);
    values.forEach((value, i) => {
      blocks.writeUInt8(round, i * 16);
      blocks.writeUInt32BE(value, i * 16 + 4);
    });
    const cipher = crypto.createCipheriv('aes-128-ecb', this.key, null);
    cipher.setAutoPadding(false);
    const out = Buffer.concat([cipher.update(blocks), cipher.final()]);
    const mask = 2 ** this.bits - 1;
    return values.map((_, i) => out.readUInt32BE(i * 16) & mask);
  }
}
