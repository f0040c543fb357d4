import { logOnce, MAX_LOGGED_ONCE_KEYS } from './once';

const ONCE_STORE = Symbol.for('assessment-web.logged-once');

function eventsLogged(run: () => void): Record<string, unknown>[] {
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    run();
    return stderr.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
  } finally {
    stderr.mockRestore();
  }
}

describe('logOnce', () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[ONCE_STORE];
  });

  it('logs a key the first time only, and each other key once too', () => {
    const lines = eventsLogged(() => {
      for (let i = 0; i < 3; i++) logOnce('stylesheet corporate', 'warn', 'test_event', { name: 'corporate' });
      logOnce('stylesheet other', 'warn', 'test_event', { name: 'other' });
    });
    expect(lines.map((line) => line.name)).toEqual(['corporate', 'other']);
    expect(lines[0]).toMatchObject({ level: 'warn', event: 'test_event' });
  });

  it('masks secrets by name like every log line', () => {
    const [line] = eventsLogged(() => logOnce('with token', 'warn', 'test_event', { token: 'secret.value' }));
    expect(line).toMatchObject({ token: '[redacted]' });
  });

  it(`remembers at most ${MAX_LOGGED_ONCE_KEYS} keys: past them nothing more is logged, and the process does not grow`, () => {
    const lines = eventsLogged(() => {
      for (let i = 0; i < MAX_LOGGED_ONCE_KEYS + 50; i++) logOnce(`key ${i}`, 'warn', 'test_event');
    });
    expect(lines).toHaveLength(MAX_LOGGED_ONCE_KEYS);
    expect((globalThis as Record<symbol, Set<string>>)[ONCE_STORE]!.size).toBe(MAX_LOGGED_ONCE_KEYS);
  });
});
