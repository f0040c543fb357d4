import { startEdgeServer, type EdgeServer } from '../../support/edgeServer';
import { expect, test } from '../fixtures';

/**
 * Cookies in WebKit, which keeps no cookie marked Secure that came over plain http, not even from
 * localhost (Chromium and Firefox do keep them there). Until issue 28 the README's demo set every
 * cookie Secure in production, so in Safari every sign-in ended on an internal error with an empty
 * detail code. lib/session/cookieSecurity.ts now leaves Secure off for plain http to a loopback host.
 */
test.describe('@engines cookies in WebKit', () => {
  test('the demo as `npm start` serves it on http://localhost: the session cookie is kept without Secure, and the group-code sign-in goes on', async ({ engine }) => {
    await engine.goto('/kodew/KWDEMO01');
    await engine.hydrated();
    expect(await engine.backend.cookies()).toEqual(expect.arrayContaining([{ name: 'session', secure: false }, { name: 'XSRF-TOKEN', secure: false }]));
    await engine.click('button', 'Anmelden');
    await engine.waitForPath(/^\/kodewgrouploginpersonal$/);
  });

  test.describe('a deployment that insists on Secure (COOKIE_SECURE=true) reached over plain http', () => {
    let server: EdgeServer | undefined;
    test.beforeAll(async () => {
      test.setTimeout(180_000);
      server = await startEdgeServer(Number(process.env.E2E_PORT_BASE ?? 3100) + 90, { COOKIE_SECURE: 'true' });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test('WebKit drops the cookies, and the participant reads what happened and what to do, not an internal error', async ({ engine: browser }) => {
      const engine = browser.on(server!.url);
      await engine.goto('/kodew/KWDEMO01');
      await engine.hydrated();
      expect(await engine.backend.cookies()).toEqual([]);
      await engine.click('button', 'Anmelden');
      await engine.waitForPath(/^\/error\?statusCode=0&detailCode=112$/);
      await engine.seeText(
        'main [role="alert"]',
        'Ihr Browser hat die Cookies dieser Seite nicht behalten, deshalb konnte Ihre Anmeldung nicht weitergehen. Das geschieht, wenn Cookies gesperrt sind, in manchen privaten Fenstern oder wenn die Seite in eine andere eingebettet ist. Erlauben Sie Cookies für diese Seite und öffnen Sie dann Ihren Link erneut.',
      );
      // Said once for this client in the server's log, as its own event.
      await expect.poll(() => server!.output().match(/"event":"cookies_missing"/g)?.length ?? 0).toBe(1);
      await engine.goto('/kodew/KWDEMO01');
      await engine.hydrated();
      await engine.click('button', 'Anmelden');
      await engine.waitForPath(/^\/error\?statusCode=0&detailCode=112$/);
      expect(server!.output().match(/"event":"cookies_missing"/g)?.length).toBe(1);
    });
  });
});
