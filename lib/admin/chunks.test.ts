import { chunksOf } from './chunks';

async function drain<T>(source: AsyncGenerator<string, T>): Promise<{ chunks: string[]; value: T }> {
  const chunks: string[] = [];
  for (;;) {
    const next = await source.next();
    if (next.done) return { chunks, value: next.value };
    chunks.push(next.value);
  }
}

describe('chunksOf', () => {
  it('yields what the export writes, in order, and returns its answer', async () => {
    const result = await drain(chunksOf(async (write) => {
      await write('a');
      await write('b');
      await write('c');
      return 3;
    }));
    expect(result).toEqual({ chunks: ['a', 'b', 'c'], value: 3 });
  });

  it('holds the export back until the reader has taken each chunk', async () => {
    const written: string[] = [];
    const source = chunksOf(async (write) => {
      for (const chunk of ['1', '2', '3']) {
        written.push(chunk);
        await write(chunk);
      }
    });
    expect((await source.next()).value).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Until the reader asks again, the export waits on its first write: nothing piles up.
    expect(written).toEqual(['1']);
    await drain(source);
    expect(written).toEqual(['1', '2', '3']);
  });

  it('passes a failure of the export on to the reader', async () => {
    const source = chunksOf(async (write) => {
      await write('header');
      throw new Error('no such questionnaire');
    });
    expect((await source.next()).value).toBe('header');
    await expect(source.next()).rejects.toThrow('no such questionnaire');
  });

  it('a failure before the first chunk reaches the first read', async () => {
    await expect(chunksOf(async () => {
      throw new Error('at once');
    }).next()).rejects.toThrow('at once');
  });
});
