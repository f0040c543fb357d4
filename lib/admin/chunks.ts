/**
 * The exports write through a callback (the command line's sink); a console download pulls an
 * async generator. This turns the one into the other with backpressure: each write waits until the
 * reader has taken the chunk before it, so a slow download never piles the export up in memory.
 * The generator's return value is what the export answered (its counts).
 */
export async function* chunksOf<T>(run: (write: (chunk: string) => Promise<void>) => Promise<T>): AsyncGenerator<string, T> {
  let pending: { chunk: string; taken: () => void } | undefined;
  let wake: (() => void) | undefined;
  let finished: { value: T } | { error: unknown } | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  const write = (chunk: string) =>
    new Promise<void>((taken) => {
      pending = { chunk, taken };
      signal();
    });
  void run(write).then(
    (value) => {
      finished = { value };
      signal();
    },
    (error: unknown) => {
      finished = { error };
      signal();
    },
  );
  for (;;) {
    if (pending) {
      const { chunk, taken } = pending;
      pending = undefined;
      yield chunk;
      taken();
      continue;
    }
    if (finished) {
      if ('error' in finished) throw finished.error;
      return finished.value;
    }
    await new Promise<void>((resolve) => (wake = resolve));
  }
}
