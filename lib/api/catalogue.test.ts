import { browserRequestSchema, CALL_PATHS, CALLS, isCallPath } from './catalogue';

describe('call catalogue', () => {
  it('holds every call of spec section 7 and nothing else', () => {
    expect(CALL_PATHS).toHaveLength(32);
    expect(isCallPath('submit/kodekodex/login')).toBe(true);
    expect(isCallPath('submit/kodekodex/logout')).toBe(false);
    expect(isCallPath('__proto__')).toBe(false);
  });

  it('refuses a token smuggled in by the browser, by name', () => {
    const result = browserRequestSchema('pageinfo').safeParse({ token: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['token'] });
  });

  it('parses upstream answers leniently: unknown fields pass, nulls become defaults', () => {
    const parsed = CALLS['pageinfo/headerfooter'].response.parse({ statusCode: 1, detailCode: null, translations: null, extra: 'kept' });
    expect(parsed).toMatchObject({ statusCode: 1, detailCode: 0, translations: [], extra: 'kept' });
  });
});
