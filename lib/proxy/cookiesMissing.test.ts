import { ExtraDetailCode } from '@/lib/api/codes';
import { captureOutput } from '@/lib/log/captureOutput';
import { cookiesMissingRefusal } from './cookiesMissing';

const secure = { secureCookies: true, sessionSecret: 's'.repeat(40) };
const plain = { ...secure, secureCookies: false };
const jar = (names: string[]) => new Map(names.map((name) => [name, 'x']));

describe('cookiesMissingRefusal', () => {
  it.each<[string, typeof secure, string[], string[] | undefined]>([
    ['both cookies of a secure request', secure, ['__Host-session', 'XSRF-TOKEN'], undefined],
    ['both cookies of plain http to localhost', plain, ['session', 'XSRF-TOKEN'], undefined],
    ['none', secure, [], ['__Host-session', 'XSRF-TOKEN']],
    ['no session cookie', secure, ['XSRF-TOKEN'], ['__Host-session']],
    ['no XSRF cookie', plain, ['session'], ['XSRF-TOKEN']],
    ['the session cookie under the other name', secure, ['session', 'XSRF-TOKEN'], ['__Host-session']],
  ])('%s → missing %p', async (_label, config, names, missing) => {
    const output = captureOutput();
    try {
      const refusal = cookiesMissingRefusal(jar(names), config, `192.0.2.${names.length}${missing?.length ?? 0}${config.secureCookies ? 1 : 0}`);
      if (!missing) return expect(refusal).toBeUndefined();
      expect(refusal!.status).toBe(403);
      expect(await refusal!.json()).toEqual({ statusCode: 0, detailCode: ExtraDetailCode.CookiesMissing, error: `no ${missing.join(' and no ')} cookie came back: the browser keeps no cookies for this site` });
    } finally {
      output.restore();
    }
  });

  it('logs a distinct event once per client address, without the address', () => {
    const output = captureOutput();
    try {
      for (let i = 0; i < 3; i++) cookiesMissingRefusal(jar([]), secure, '198.51.100.7');
      cookiesMissingRefusal(jar([]), secure, '198.51.100.8');
      const events = output.events().filter((event) => event.event === 'cookies_missing');
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({ level: 'warn', missing: ['__Host-session', 'XSRF-TOKEN'] });
      expect(output.text()).not.toContain('198.51.100');
    } finally {
      output.restore();
    }
  });
});
