import { pushedChunks, ReaderGone } from './pushedChunks';

describe('pushedChunks', () => {
  it('yields what the writer writes, in order, and ends when it does', async () => {
    const chunks: string[] = [];
    for await (const chunk of pushedChunks(async (write) => {
      await write('a');
      await write('b');
      await write('c');
    })) chunks.push(chunk);
    expect(chunks).toEqual(['a', 'b', 'c']);
  });

  it('holds the writer until its chunk is taken: one chunk at most waits between them', async () => {
    let written = 0;
    const source = pushedChunks(async (write) => {
      for (let i = 0; i < 100; i++) {
        await write(String(i));
        written += 1;
      }
    });
    expect(await source.next()).toEqual({ value: '0', done: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toBe(0);
    await source.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toBe(1);
    await source.return(undefined);
  });

  it('a reader that stops makes the writer\'s write fail, and the generator waits for the writer to end', async () => {
    const seen: unknown[] = [];
    let ended = false;
    const source = pushedChunks(async (write) => {
      try {
        for (let i = 0; ; i++) await write(String(i));
      } catch (error) {
        seen.push(error);
        throw error;
      } finally {
        ended = true;
      }
    });
    await source.next();
    await source.next();
    expect(await source.return(undefined)).toEqual({ value: undefined, done: true });
    expect(ended).toBe(true);
    expect(seen).toEqual([expect.any(ReaderGone)]);
  });

  it('a writer that fails fails the reader', async () => {
    const source = pushedChunks(async (write) => {
      await write('header');
      throw new Error('the database went away');
    });
    expect(await source.next()).toEqual({ value: 'header', done: false });
    await expect(source.next()).rejects.toThrow('the database went away');
  });

  it("returns the writer's answer (an export's counts) once it is done", async () => {
    const source = pushedChunks(async (write) => {
      await write('a');
      return { rows: 1 };
    });
    expect(await source.next()).toEqual({ done: false, value: 'a' });
    expect(await source.next()).toEqual({ done: true, value: { rows: 1 } });
  });

  it('a failure before the first chunk reaches the first read', async () => {
    await expect(
      pushedChunks(async () => {
        throw new Error('at once');
      }).next(),
    ).rejects.toThrow('at once');
  });
});
