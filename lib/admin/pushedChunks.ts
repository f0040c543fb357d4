/** What a writer's next write answers once the reader has gone: the export stops there. */
export class ReaderGone extends Error {
  constructor() {
    super('the reader stopped reading');
    this.name = 'ReaderGone';
  }
}

type Slot = { chunk: string; taken: () => void; refused: (error: Error) => void };

/**
 * A writer that pushes chunks (the exports write through a callback) as an async generator that a
 * response pulls: each write waits until its chunk is taken, so at most one chunk sits between
 * them, however slow the reader. When the reader stops (a client that went away cancels the
 * stream, which returns the generator), the pending and every later write fail with ReaderGone,
 * the writer stops reading pages, and the generator ends once it has. The generator's return value
 * is the writer's (an export's counts); undefined when the reader left first.
 */
export async function* pushedChunks<T = unknown>(produce: (write: (chunk: string) => Promise<void>) => Promise<T>): AsyncGenerator<string, T | undefined> {
  let slot: Slot | undefined;
  let wake: (() => void) | undefined;
  let stopped = false;
  let finished = false;
  let failure: { error: unknown } | undefined;
  let value: T | undefined;
  const write = (chunk: string) =>
    new Promise<void>((taken, refused) => {
      if (stopped) return refused(new ReaderGone());
      slot = { chunk, taken, refused };
      wake?.();
    });
  const done = produce(write).then(
    (result) => {
      value = result;
    },
    (error: unknown) => {
      if (!(error instanceof ReaderGone)) failure = { error };
    },
  ).finally(() => {
    finished = true;
    wake?.();
  });
  try {
    for (;;) {
      if (!slot && !finished) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (slot) {
        yield slot.chunk;
        const taken = slot.taken;
        slot = undefined;
        taken();
        continue;
      }
      if (failure) throw failure.error;
      return value;
    }
  } finally {
    stopped = true;
    slot?.refused(new ReaderGone());
    slot = undefined;
    await done;
  }
}
