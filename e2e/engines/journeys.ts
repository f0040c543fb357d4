import type { Engine } from './engine';
import { css } from './engine';
import { expect } from './fixtures';

/** What several engine journeys do, as e2e/support does for the Chromium ones. */

export const pageIndicator = (engine: Engine, n: number, of: number) => engine.seeText('main *', `Seite ${n} von ${of}`);

/** Signs in through the deep link and the access-code page, as far as the manual. */
export async function signIn(engine: Engine, identCode: string, accessCode: string): Promise<void> {
  await engine.goto(`/home/${identCode}`);
  await engine.waitForPath(/^\/accesscode$/);
  await engine.hydrated();
  await engine.fill('Persönlicher Zugangscode', accessCode);
  await engine.click('button', 'Anmelden');
  // A session cookie came back: WebKit keeps none marked Secure on http://localhost (issue 28).
  await engine.waitForPath(/^\/questionnairemanual$/);
  await engine.hydrated();
}

/** Signs in and goes on from the manual to page 1. */
export async function toPageOne(engine: Engine, identCode: string, accessCode: string): Promise<void> {
  await signIn(engine, identCode, accessCode);
  await engine.click('link', 'Weiter');
  await engine.waitForPath(/^\/questionnaire$/);
  await pageIndicator(engine, 1, 6);
  await engine.hydrated();
}

/** Ranks each question of the page on screen: its items a, b, c, d get 1, 2, 3, 4 (or a rotation). */
export async function rankPage(engine: Engine, rotation = 0): Promise<void> {
  await engine.hydrated();
  const count = await engine.count('main section[id^="question-"]');
  expect(count).toBeGreaterThan(0);
  for (let q = 0; q < count; q++) {
    for (let item = 0; item < 4; item++) {
      const row = css(`main section[id^="question-"]:nth-of-type(${q + 1}) fieldset`, item);
      await engine.click('radio', new RegExp(`^${((item + rotation) % 4) + 1}\\b`), { within: row });
    }
  }
}

/** The ranks chosen on the page, in order (the checked radios' values). */
export function chosenRanks(engine: Engine): Promise<string[]> {
  return engine.run<string[]>(`() => Array.from(document.querySelectorAll('main input[type=radio]:checked'), (radio) => radio.value)`);
}
