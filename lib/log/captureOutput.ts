/**
 * For tests that check what the log says (and what it must never say): everything the process
 * writes to stdout and stderr, where logEvent writes its lines, is kept instead of printed until
 * restore().
 */
export type CapturedOutput = {
  /** Everything written so far, as written. */
  text(): string;
  /** The log's events written so far (its JSON lines; other lines are skipped). */
  events(): Array<Record<string, unknown>>;
  restore(): void;
};

export function captureOutput(): CapturedOutput {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write);
  for (const stream of streams) {
    stream.write = ((chunk: string | Uint8Array) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof stream.write;
  }
  const text = () => chunks.join('');
  return {
    text,
    events: () =>
      text()
        .split('\n')
        .flatMap((line) => {
          try {
            const parsed: unknown = JSON.parse(line);
            return parsed && typeof parsed === 'object' && 'event' in parsed ? [parsed as Record<string, unknown>] : [];
          } catch {
            return [];
          }
        }),
    restore: () => streams.forEach((stream, i) => (stream.write = originals[i]!)),
  };
}
