'use server';

import { refresh } from 'next/cache';
import { redirect } from 'next/navigation';
import { changeBranding, logoFactsText, logoProblemText, type BrandingRequest } from '@/lib/admin/branding';
import { field } from '@/lib/admin/console/forms';
import { actionSession, type ConsoleFormState } from '@/lib/admin/console/request';
import { consoleTranslator, type ConsoleT } from '@/lib/admin/console/texts';
import { LOGO_MAX_BYTES } from '@/lib/admin/logoImage';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { CONSOLE_ACTIONS } from '@/lib/admin/operators/roles';
import type { OperatorBranding } from '@/lib/embedded-api/branding';

type Allowed = Extract<Awaited<ReturnType<typeof actionSession>>, { ok: true }>;

/**
 * The Branding page's three forms (theme, logo upload, logo removal), each a `branding set` as the
 * command line does it: the checks are changeBranding's, the words the page's.
 */
async function apply(allowed: Allowed, request: BrandingRequest, done: (t: ConsoleT, branding: OperatorBranding) => string): Promise<ConsoleFormState> {
  const { db, language } = allowed.request;
  const t = consoleTranslator(language, 'branding');
  const outcome = await changeBranding(db, request);
  if (outcome.status === 'unknownTheme') return { error: t('themeUnknown'), field: 'theme' };
  if (outcome.status === 'refusedLogo') return { error: logoProblemText(t, language, outcome.refused), field: 'file' };
  if (outcome.status === 'noLogo') return { error: t('nothingToRemove') };
  await recordOperatorAudit(db, { operator: allowed.session.email, action: CONSOLE_ACTIONS.brandingSet.name, ...outcome.audit });
  // The preview and the choices above show the change at once.
  refresh();
  return { notice: done(t, outcome.branding) };
}

export async function setThemeAction(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const allowed = await actionSession('brandingSet', formData);
  if (!allowed.ok) return allowed.state;
  return apply(allowed, { theme: field(formData, 'theme', 60) }, (t, branding) => t('themeSaved', { theme: t(`theme.${branding.theme}`) }));
}

export async function uploadLogoAction(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const allowed = await actionSession('brandingSet', formData);
  if (!allowed.ok) return allowed.state;
  const { language } = allowed.request;
  const file = formData.get('file');
  const size = file instanceof File ? file.size : 0;
  // Not read at all when it cannot pass.
  if (size > LOGO_MAX_BYTES) return { error: logoProblemText(consoleTranslator(language, 'branding'), language, { problem: 'tooLarge', bytes: size }), field: 'file' };
  const logo = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  return apply(allowed, { logo }, (t, branding) => t('logoSaved', { facts: branding.logo ? logoFactsText(t, language, branding.logo) : '' }));
}

export async function removeLogoAction(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const allowed = await actionSession('brandingSet', formData);
  if (!allowed.ok) return allowed.state;
  const state = await apply(allowed, { logo: 'remove' }, (t) => t('removed'));
  // The form goes with the logo: the page says it instead.
  if (state?.notice) redirect('/admin/branding?removed=1');
  return state;
}
