import { TEST_CRYPTO } from '@/lib/embedded-api/testApi';
import { checkOptions, main, USAGE } from './cli';

/** What `npm run check:upstream` makes of its arguments and the environment, before it sends anything. */

async function run(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, env, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('arguments', () => {
  it('--help prints the usage and exits 0, sending nothing', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, out: USAGE, err: '' });
    expect(USAGE).toMatch(/^Usage: npm run check:upstream -- --url <upstream \{api\}> \[options\]/);
  });

  it.each<[string, string[], Record<string, string>, string]>([
    ['an unknown option', ['--url', 'http://127.0.0.1:9/api', '--nope'], {}, "Unknown option '--nope'"],
    ['no upstream', ['--ident-code', 'P1DEMO01'], {}, '--url: the upstream’s address is required (or set UPSTREAM_API_URL)'],
    ['an address that is no http', ['--url', 'ftp://upstream.example/api'], {}, '--url: must be an http:// or https:// address'],
    ['an access code without its ident code', ['--url', 'http://127.0.0.1:9/api', '--access-code', 'RANK4711'], {}, '--access-code: needs --ident-code (the assessment it opens)'],
    ['an empty code', ['--url', 'http://127.0.0.1:9/api', '--ident-code', '  '], {}, '--ident-code: the code is empty'],
    ['an unknown variant', ['--url', 'http://127.0.0.1:9/api', '--group-code', 'web:KWDEMO01'], {}, "--group-code: unknown variant 'web' (one of ra, kodew, kodegroupcode)"],
    ['a variant twice', ['--url', 'http://127.0.0.1:9/api', '--group-code', 'KWDEMO01', '--group-code', 'kodew:KWDEMO02'], {}, '--group-code: kodew is given twice'],
    ['a portal address of three parts', ['--url', 'http://127.0.0.1:9/api', '--portal', 'PTDEMO01/1/2'], {}, '--portal: expected <groupCodeIdent>/<portalId>'],
    ['no e-mail address', ['--url', 'http://127.0.0.1:9/api', '--email', 'qa.example.org'], {}, '--email: not an e-mail address'],
    ['a wrong setting of the app', ['--url', 'http://127.0.0.1:9/api'], { CLIENT_CRYPTO_IV: 'short' }, 'Invalid configuration: CLIENT_CRYPTO_IV: must be 16 bytes'],
  ])('%s: exit code 2, the problem named', async (_name, argv, env, message) => {
    const result = await run(argv, env);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toContain(message);
    expect(result.err).toContain('npm run check:upstream -- --help lists the options');
    expect(result.err).not.toMatch(/RANK4711|KWDEMO0/);
  });
});

describe('the options the check runs with', () => {
  it('codes without their white space, a bare group code for the web variant, the app’s crypto and time limit', () => {
    expect(
      checkOptions(
        ['--url', 'http://127.0.0.1:3001/api', '--ident-code', ' P1 DEMO01 ', '--access-code', 'RANK 4711', '--group-code', 'KWDEMO01', '--group-code', 'ra:RA DEMO01', '--portal', 'PTDEMO01/1', '--email', ' qa@example.org ', '--finish'],
        { UPSTREAM_TIMEOUT_MS: '5000' },
      ),
    ).toEqual({
      url: 'http://127.0.0.1:3001/api',
      timeoutMs: 5000,
      crypto: TEST_CRYPTO,
      identCode: 'P1DEMO01',
      accessCode: 'RANK4711',
      groupCodes: [
        { variant: 'kodew', code: 'KWDEMO01' },
        { variant: 'ra', code: 'RADEMO01' },
      ],
      portal: { groupCodeIdent: 'PTDEMO01', portalId: '1' },
      email: 'qa@example.org',
      finish: true,
    });
  });

  it('the upstream of UPSTREAM_API_URL and the encryption of CLIENT_CRYPTO_KEY and CLIENT_CRYPTO_IV when not told otherwise, nothing finished', () => {
    const key = 'k'.repeat(32);
    const iv = 'i'.repeat(16);
    expect(checkOptions([], { UPSTREAM_API_URL: 'https://upstream.example/api', CLIENT_CRYPTO_KEY: key, CLIENT_CRYPTO_IV: iv })).toEqual({
      url: 'https://upstream.example/api',
      timeoutMs: 15_000,
      crypto: { key, iv },
      groupCodes: [],
      finish: false,
    });
  });
});
