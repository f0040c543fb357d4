import type { GroupVariantRow } from './groupVariants';

/**
 * The page after a successful group-code login (spec §4: "the next page after submit is chosen from
 * the response (how: not shown), with /kodegroupcodepersonal as the default"; §7: kodegroupcode's
 * login "response is used to choose the next page").
 *
 * The rule: the answer's nextPage is followed when it names one of the pages the variant's row lists
 * (loginNextPages), written as a route (`/kodegroupcodeemail`), a bare name (`kodegroupcodeemail`)
 * or relative to the entry as the spec's own links are (`../kodegroupcodeemail`), with or without a
 * trailing slash. Anything else (none, blank, another flow's page, an address of another site, a
 * query or fragment, a path with more segments) is no choice the flow knows: the personal page. A
 * variant without loginNextPages (ra, kodew) always goes to its personal page.
 *
 * The answer cannot send anyone off the site or past a step: the list holds only this flow's pages,
 * and every page after the personal one sends a participant who has not saved it back there
 * (consent before content, lib/flows/personalInfoFirst.ts). Our embedded API names no next page:
 * every login starts a new participant, whose next step is always the personal page.
 */
export function nextPageAfterGroupLogin(nextPage: unknown, row: Pick<GroupVariantRow, 'routes' | 'loginNextPages'>): string {
  const fallback = row.routes.personal;
  if (!row.loginNextPages || typeof nextPage !== 'string') return fallback;
  const name = /^(?:\/|\.\.\/)?([a-z]+)\/?$/.exec(nextPage.trim())?.[1];
  if (!name) return fallback;
  const route = `/${name}`;
  return row.loginNextPages.includes(route) ? route : fallback;
}
