import { expect, type Page } from '@playwright/test';
import { callApi, encryptCode } from './api';

/**
 * A new participant of the demo group code KWDEMO01 past the personal-info page (fields filled,
 * key set), through the same calls the pages send. Every login with a group code starts a new
 * participant, so nothing is used up. Leaves the page on /support with the participant's session.
 */
export async function kodewParticipantWithKey(page: Page, { language = 'en-US', key = 'Geheim4711' } = {}): Promise<void> {
  await page.goto('/support');
  const login = await (await callApi(page, 'submit/kodew/login', { groupcode: encryptCode('KWDEMO01'), uiLanguage: language })).json();
  expect(login).toMatchObject({ statusCode: 1, tokenClaims: { product: 4, isLoggedIn: true } });
  const personal = await (
    await callApi(page, 'submit/kodew/personalinfo', {
      additionalFieldsWithValues: [
        { id: 1, value: 'QA' },
        { id: 2, value: '3-5' },
      ],
      password: encryptCode(key),
      uiLanguage: language,
    })
  ).json();
  expect(personal).toMatchObject({ statusCode: 1 });
}
