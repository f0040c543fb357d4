import { DEFAULT_SHUTDOWN_MS, shutdownTimeoutMs, workerCount } from './workers.mjs';

const PG = 'postgres://app@127.0.0.1/app';
const UPSTREAM = 'https://api.example.org';

describe('workerCount: how many processes serve, as server.mjs decides before Next loads', () => {
  it.each([
    ['PGlite (the default): one process whatever the cores', {}, false, 16, 1],
    ['PostgreSQL: one per core', { DATABASE_URL: PG }, false, 16, 16],
    ['PostgreSQL on one core', { DATABASE_URL: PG }, false, 1, 1],
    ['a real upstream: one per core (no database here)', { UPSTREAM_API_URL: UPSTREAM }, false, 4, 4],
    ['PostgreSQL, WEB_CONCURRENCY=1', { DATABASE_URL: PG, WEB_CONCURRENCY: '1' }, false, 16, 1],
    ['PostgreSQL, WEB_CONCURRENCY=3 on 16 cores', { DATABASE_URL: PG, WEB_CONCURRENCY: '3' }, false, 16, 3],
    ['PostgreSQL, WEB_CONCURRENCY above the cores', { DATABASE_URL: PG, WEB_CONCURRENCY: '8' }, false, 2, 8],
    ['PGlite, WEB_CONCURRENCY=1', { WEB_CONCURRENCY: '1' }, false, 16, 1],
    ['an empty WEB_CONCURRENCY is unset', { DATABASE_URL: PG, WEB_CONCURRENCY: '' }, false, 2, 2],
    ['development: always one', { DATABASE_URL: PG }, true, 16, 1],
    ['development with WEB_CONCURRENCY', { DATABASE_URL: PG, WEB_CONCURRENCY: '4' }, true, 16, 1],
    ['more cores than workers are allowed', { DATABASE_URL: PG }, false, 256, 64],
  ])('%s', (_, env, dev, cores, expected) => {
    expect(workerCount(env as Record<string, string>, { dev, cores })).toBe(expected);
  });

  it.each(['0', '-1', '1.5', 'two', '65', ' 2', '2 ', '0x2'])('WEB_CONCURRENCY=%j is refused, naming the rule and the value', (value) => {
    expect(() => workerCount({ DATABASE_URL: PG, WEB_CONCURRENCY: value }, { dev: false, cores: 2 })).toThrow(
      `Invalid configuration: WEB_CONCURRENCY: must be an integer from 1 to 64 (worker processes); it is '${value}'`,
    );
  });

  it('several workers on PGlite are refused: its database lives inside one process', () => {
    expect(() => workerCount({ WEB_CONCURRENCY: '2' }, { dev: false, cores: 2 })).toThrow(
      'Invalid configuration: WEB_CONCURRENCY: 2 workers need DATABASE_URL (PostgreSQL): PGlite, the default database, lives inside one process. Unset it, set it to 1, or set DATABASE_URL',
    );
  });

  it('several workers in front of a real upstream are allowed', () => {
    expect(workerCount({ UPSTREAM_API_URL: UPSTREAM, WEB_CONCURRENCY: '2' }, { dev: false, cores: 8 })).toBe(2);
  });
});

describe('shutdownTimeoutMs: how long a stop waits for the requests in flight', () => {
  it.each([
    [undefined, DEFAULT_SHUTDOWN_MS],
    ['', DEFAULT_SHUTDOWN_MS],
    ['0', 0],
    ['2500', 2500],
    ['600000', 600_000],
  ])('%j → %j ms', (value, expected) => expect(shutdownTimeoutMs(value)).toBe(expected));

  it('is 10 s by default', () => expect(DEFAULT_SHUTDOWN_MS).toBe(10_000));

  it.each(['-1', '1.5', '10s', '600001'])('%j is refused, naming the rule and the value', (value) => {
    expect(() => shutdownTimeoutMs(value)).toThrow(`Invalid configuration: SHUTDOWN_TIMEOUT_MS: must be an integer from 0 to 600000 (milliseconds); it is '${value}'`);
  });
});
