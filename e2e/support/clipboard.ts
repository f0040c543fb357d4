import type { Locator } from '@playwright/test';

/**
 * Pastes text into a field as a participant does who copied it from a mail or a password manager:
 * the text goes onto Chromium's own clipboard (the page writes it, with the permission granted),
 * and the paste shortcut, pressed in the focused field, takes it from there. Nothing is typed or
 * set by script, so a field that refused or lost a paste stays as it was.
 */
export async function pasteInto(field: Locator, text: string): Promise<void> {
  const page = field.page();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
}
