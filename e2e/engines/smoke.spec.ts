import { DE, DEMO_PORTAL } from '../support/portal';
import { css } from './engine';
import { pageIndicator, rankPage, toPageOne } from './journeys';
import { expect, test } from './fixtures';

/**
 * The main flows in Firefox and in WebKit (Safari's engine, every browser on an iPhone), against the
 * suite's app as `npm start` runs it: production on plain http://localhost, the README's demo. Each
 * journey is a smoke test of a flow the Chromium journeys cover in depth; here what counts is that
 * the engine gets through it as a participant would, cookies, scripts, forms and keys included
 * (docs/testing.md, "Firefox and WebKit"). Each engine finishes a demo row of its own.
 */
const ROWS = {
  firefox: { identCode: 'P1FFOX001', accessCode: 'FFOX4711' },
  webkit: { identCode: 'P1WKIT001', accessCode: 'WKIT4711' },
  chromium: undefined,
} as const;

test.describe('@engines the main flows', () => {
  test('ident code: deep link → access code → manual → six ranking pages → finished', async ({ engine }) => {
    test.setTimeout(120_000);
    const row = ROWS[engine.name];
    if (!row) throw new Error('no demo row for this engine');
    await toPageOne(engine, row.identCode, row.accessCode);
    for (let p = 1; p <= 6; p++) {
      await pageIndicator(engine, p, 6);
      await rankPage(engine);
      await engine.click('button', p < 6 ? 'Weiter' : 'Speichern und abschließen');
    }
    await engine.see('alertdialog', 'Befragung abschließen');
    await engine.click('button', 'Jetzt abschließen', { within: { by: 'role', role: 'alertdialog', name: 'Befragung abschließen' } });
    await engine.waitForPath(/^\/finishedquestionnaire$/);
    await engine.see('heading', 'Vielen Dank!', { level: 1 });
  });

  test('kodew: group code → personal info → access code without mail → manual → selection → info → a slider page answered by keyboard', async ({ engine }) => {
    test.setTimeout(90_000);
    await engine.goto('/kodew/KWDEMO01/en');
    await engine.hydrated();
    expect(await engine.valueOfField('Group code')).toBe('KWDEMO01');
    await engine.click('button', 'Sign in');

    await engine.waitForPath(/^\/kodewgrouploginpersonal$/);
    await engine.hydrated();
    await engine.choose(/^Work experience/, '3-5');
    await engine.fill(/^Department/, 'Customer service');
    await engine.fill('New key', 'Harbour2026');
    await engine.fill('Confirm key', 'Harbour2026');
    await engine.click('checkbox', /I have read the privacy policy/);
    await engine.click('button', 'Save');

    await engine.waitForPath(/^\/kodewemail$/);
    await engine.hydrated();
    await engine.click('checkbox', 'Send access code by e-mail');
    await engine.click('button', 'Continue');
    await engine.waitForPath(/^\/kodewquestionnairemanual$/);
    await engine.hydrated();
    await engine.click('link', 'Continue');
    await engine.waitForPath(/^\/kodewquestionnaireselection$/);
    await engine.hydrated();
    expect(await engine.checked('radio', 'Strengths profile')).toBe(true);
    await engine.click('button', 'Continue');
    await engine.waitForPath(/^\/kodewinfo$/);
    await engine.hydrated();
    await engine.click('link', 'Continue');

    await engine.waitForPath(/^\/questionnaire$/);
    await engine.seeText('main *', 'Page 1 of 8');
    await engine.hydrated();
    const sliders = await engine.count('main input[type="range"]');
    expect(sliders).toBeGreaterThan(0);
    for (let i = 0; i < sliders; i++) {
      // Home, then Page Up seven times: 70 on the scale of 0–100, as a keyboard user sets it.
      await engine.focusNth('main input[type="range"]', i);
      await engine.press('Home');
      for (let k = 0; k < 7; k++) await engine.press('PageUp');
      await engine.press('ArrowRight');
      await engine.until(`slider ${i + 1} at 71`, () => engine.run<boolean>(`(i) => document.querySelectorAll('main input[type="range"]')[i].value === '71'`, i));
    }
    await engine.click('button', 'Next');
    await engine.seeText('main *', 'Page 2 of 8');
    // The page turn saved the answers: back on page 1 they are there.
    await engine.hydrated();
    await engine.click('button', 'Back');
    await engine.seeText('main *', 'Page 1 of 8');
    await engine.until('the sliders to show the saved values', () =>
      engine.run<boolean>(`() => Array.from(document.querySelectorAll('main input[type="range"]')).every((s) => s.value === '71')`),
    );
  });

  test('ra: group code → name and key → manual → the first grid page, an item\'s details opened and rated', async ({ engine }) => {
    test.setTimeout(60_000);
    await engine.goto('/ra/RADEMO01');
    await engine.hydrated();
    expect(await engine.valueOfField('Gruppencode')).toBe('RADEMO01');
    await engine.click('button', 'Anmelden');
    await engine.waitForPath(/^\/grouploginpersonal$/);
    await engine.hydrated();
    await engine.fill('Name', `Nora ${engine.name}`);
    await engine.fill('Neuer Schlüssel', 'Nordlicht2026');
    await engine.fill('Schlüssel wiederholen', 'Nordlicht2026');
    await engine.click('checkbox', /Datenschutzerklärung gelesen/);
    await engine.click('button', 'Speichern');
    await engine.waitForPath(/^\/questionnairemanual$/);
    await engine.hydrated();
    await engine.click('link', 'Weiter');
    await engine.waitForPath(/^\/questionnaire$/);
    await engine.seeText('main *', /^Seite 1 von \d+$/);
    await engine.hydrated();
    await engine.click('button', /Analytisches Denken/);
    await engine.seeText('main *', 'Zerlegt komplexe Sachverhalte in ihre Teile und erkennt Zusammenhänge.');
    await engine.click('radio', 'nicht beurteilbar', { within: css('main fieldset', 0) });
    expect(await engine.checked('radio', 'nicht beurteilbar', { within: css('main fieldset', 0) })).toBe(true);
  });

  test('portal: invoice → summary → the demo payment → success', async ({ engine }) => {
    test.setTimeout(60_000);
    await engine.goto(DEMO_PORTAL);
    await engine.hydrated();
    await engine.fill(DE.PortalNamePrivateLabel, `Erika ${engine.name}`);
    await engine.fill(DE.PortalStreetLabel, 'Hauptstraße 1');
    await engine.fill(DE.PortalCityLabel, '10115 Berlin');
    // An address of this journey's own: the confirmation mail goes to no other journey's inbox.
    const email = `erika.${engine.name}@example.org`;
    await engine.fill(DE.PortalEmailLabel, email);
    await engine.fill(DE.PortalEmailConfirmLabel, email);
    await engine.click('checkbox', DE.PortalPrivacyLabel);
    await engine.click('checkbox', DE.PortalRevocationLabel);
    await engine.click('button', DE.PortalPayButton);
    await engine.see('heading', DE.PortalSummaryTitle, { level: 1 });
    await engine.click('button', /PayPal.*Demo/);
    await engine.see('dialog', 'PayPal (Demo)');
    await engine.click('button', 'Zahlung bestätigen (Demo)', { within: { by: 'role', role: 'dialog', name: 'PayPal (Demo)' } });
    await engine.see('heading', DE.PortalSuccessTitle, { level: 1, timeout: 20_000 });
  });
});
