import { StatusCode } from '@/lib/api/codes';
import { announceHeaderFooterChange } from '@/lib/signals/headerFooter';
import { cachedHeaderFooter, forgetHeaderFooters, headerFooterKey, MAX_ENTRIES } from './headerFooterCache';

type Answer = Awaited<ReturnType<typeof cachedHeaderFooter>>;

const answer = (statusCode: number = StatusCode.Ok, texts: Record<string, string> = { Imprint: 'Impressum' }): Answer =>
  ({ statusCode, detailCode: 0, translations: Object.entries(texts).map(([key, value]) => ({ key, value })), stylesheet: 'default' }) as Answer;

let clock = 1_000_000;
const now = () => clock;

/** A load that counts its calls. */
function upstream(reply: () => Answer = () => answer()) {
  const load = jest.fn(async () => reply());
  return load;
}

beforeEach(() => {
  forgetHeaderFooters();
  clock = 1_000_000;
});

const key = (token = 'token-a', ui = 'de-DE', questionnaire = 'de-DE') => headerFooterKey(token, ui, questionnaire);

describe('the header and footer kept for the next pages', () => {
  it('the same participant and languages within the time: asked once, the same answer', async () => {
    const load = upstream();
    const first = await cachedHeaderFooter(key(), 'de-DE', 60, load, now);
    clock += 59_000;
    const second = await cachedHeaderFooter(key(), 'de-DE', 60, load, now);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(second).toMatchObject({ statusCode: StatusCode.Ok, stylesheet: 'default' });
  });

  it.each([
    ['the time has passed', () => (clock += 60_000), key()],
    ['another token (a renewal, another participant)', () => undefined, key('token-b')],
    ['another interface language', () => undefined, key('token-a', 'en-US')],
    ['another questionnaire language', () => undefined, key('token-a', 'de-DE', 'fr-FR')],
    ['no token', () => undefined, headerFooterKey(undefined, 'de-DE', 'de-DE')],
    ['a branding change', () => announceHeaderFooterChange(), key()],
  ])('asked again: %s', async (_case, between, next) => {
    const load = upstream();
    await cachedHeaderFooter(key(), 'de-DE', 60, load, now);
    between();
    await cachedHeaderFooter(next, 'de-DE', 60, load, now);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('HEADER_FOOTER_CACHE_SECONDS=0: asked every time', async () => {
    const load = upstream();
    await cachedHeaderFooter(key(), 'de-DE', 0, load, now);
    await cachedHeaderFooter(key(), 'de-DE', 0, load, now);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each([StatusCode.Exception, StatusCode.TokenInvalid])('an answer with status %i is not kept', async (status) => {
    const load = upstream(() => answer(status));
    await cachedHeaderFooter(key(), 'de-DE', 60, load, now);
    await cachedHeaderFooter(key(), 'de-DE', 60, load, now);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('an answer still on its way when the branding changes is handed on, not kept', async () => {
    let finish!: (value: Answer) => void;
    const slow = jest.fn(() => new Promise<Answer>((resolve) => (finish = resolve)));
    const loading = cachedHeaderFooter(key(), 'de-DE', 60, slow, now);
    announceHeaderFooterChange();
    finish(answer(StatusCode.Ok, { Imprint: 'alt' }));
    expect(await loading).toMatchObject({ translations: [{ key: 'Imprint', value: 'alt' }] });
    const load = upstream(() => answer(StatusCode.Ok, { Imprint: 'neu' }));
    expect(await cachedHeaderFooter(key(), 'de-DE', 60, load, now)).toMatchObject({ translations: [{ key: 'Imprint', value: 'neu' }] });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("one language's translations are kept once, however many participants; other texts are their own", async () => {
    const first = await cachedHeaderFooter(key('token-a'), 'de-DE', 60, upstream(), now);
    const second = await cachedHeaderFooter(key('token-b'), 'de-DE', 60, upstream(), now);
    const changed = await cachedHeaderFooter(key('token-c'), 'de-DE', 60, upstream(() => answer(StatusCode.Ok, { Imprint: 'Anders' })), now);
    expect(second.translations).toBe(first.translations);
    expect(changed.translations).not.toBe(first.translations);
    expect(changed.translations).toEqual([{ key: 'Imprint', value: 'Anders' }]);
  });

  it(`keeps at most ${MAX_ENTRIES}, giving up the one used least recently`, async () => {
    for (let i = 0; i < MAX_ENTRIES; i++) await cachedHeaderFooter(key(`token-${i}`), 'de-DE', 60, upstream(), now);
    // token-0 used again: token-1 is now the oldest.
    const used = upstream();
    await cachedHeaderFooter(key('token-0'), 'de-DE', 60, used, now);
    await cachedHeaderFooter(key('one more'), 'de-DE', 60, upstream(), now);
    const again = upstream();
    await cachedHeaderFooter(key('token-0'), 'de-DE', 60, again, now);
    await cachedHeaderFooter(key('token-1'), 'de-DE', 60, again, now);
    expect(used).not.toHaveBeenCalled();
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('the key keeps no token in the clear', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.secret-part.signature';
    expect(headerFooterKey(token, 'de-DE', 'de-DE')).not.toContain('secret-part');
    expect(headerFooterKey(token, 'de-DE', 'de-DE')).toBe(headerFooterKey(token, 'de-DE', 'de-DE'));
  });
});
