import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { EdgeServer } from './edgeServer';

/**
 * The operator console's journeys: the admin command line against a server of their own (through
 * the running app's channel, as an operator on its host), and an operator signed in as a person
 * does it: created on the command line, a password set through the one-time link, signed in.
 */
export const CONSOLE_PASSWORD = 'a password of my own';
const BIN = path.resolve('lib/admin/bin.mjs');

export type Ran = { code: number | null; stdout: string; stderr: string };

/**
 * The server a command works for: by default its data folder (PGlite, through the running app's
 * channel); env overrides the command's settings, as DATABASE_URL does for instances on PostgreSQL,
 * where the command line opens the shared database itself.
 */
export type AdminTarget = Pick<EdgeServer, 'url' | 'dataDir'> & { env?: Record<string, string> };

/** `npm run admin -- …` on the server's data folder, or on the database its env names. */
export function admin(server: AdminTarget, ...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const env = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', ...server.env };
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The console's answer to the last form: its alert or its status (the page's empty live regions aside). */
export function consoleMessage(page: Page, role: 'alert' | 'status') {
  return page.getByRole('main').getByRole(role).filter({ hasText: /./ });
}

/** A new operator's setup link, as a path and query on this server. */
export async function setupLink(server: AdminTarget, email: string, role: 'owner' | 'viewer'): Promise<string> {
  const created = await admin(server, 'operator', 'create', '--email', email, '--role', role);
  expect(created, created.stderr).toMatchObject({ code: 0 });
  const link = new URL(created.stdout.trim());
  return `${server.url}${link.pathname}${link.search}`;
}

export async function setUp(page: Page, link: string, password = CONSOLE_PASSWORD): Promise<void> {
  await page.goto(link);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Passwort festlegen' }).click();
  await expect(consoleMessage(page, 'status')).toHaveText('Ihr Passwort ist gesetzt. Melden Sie sich jetzt an.');
}

/** The password form of /admin/signin, sent; the caller checks where it led. */
export async function signIn(page: Page, email: string, password = CONSOLE_PASSWORD): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/** An operator of this role, signed in on the page and on the overview. */
export async function signedIn(page: Page, server: AdminTarget, email: string, role: 'owner' | 'viewer'): Promise<void> {
  await setUp(page, await setupLink(server, email, role));
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht');
}

/** The hidden fields of a form as the server rendered it (its action's reference included), for a forged POST. */
export function formFields(html: string, id: string): Record<string, string> {
  const form = new RegExp(`<form[^>]*id="${id}"[^>]*>([\\s\\S]*?)</form>`).exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields[name.replaceAll('&amp;', '&')] = value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  }
  return fields;
}
