import type { ConsoleArea } from './texts';

/** The console's sections, in the order of its navigation; each is labelled by its area's text "nav" (messages/console/<area>.json). */
export const CONSOLE_SECTIONS: ReadonlyArray<{ href: string; area: ConsoleArea }> = [
  { href: '/admin', area: 'overview' },
  { href: '/admin/assessments', area: 'assessments' },
  { href: '/admin/groupcodes', area: 'groupcodes' },
  { href: '/admin/questionnaires', area: 'questionnaires' },
  { href: '/admin/exports', area: 'exports' },
  { href: '/admin/mail', area: 'mail' },
  { href: '/admin/portal', area: 'portal' },
  { href: '/admin/privacy', area: 'privacy' },
  { href: '/admin/branding', area: 'branding' },
  { href: '/admin/audit', area: 'audit' },
  { href: '/admin/account', area: 'account' },
];

/** The section a path belongs to: the longest href that is the path or a folder above it. */
export function currentSection(pathname: string): string | undefined {
  return [...CONSOLE_SECTIONS]
    .filter((section) => pathname === section.href || pathname.startsWith(`${section.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}
