/** The product's name ends every title; it is a name, the same in every language. */
export const BRAND = 'Assessment Online';

/**
 * A page's <title>: its own parts, most specific first, then the product, e.g.
 * 'Seite 2 von 6 – Kompetenzprofil Führung und Zusammenarbeit – Assessment Online'. Each page has
 * its own, so that a screen reader announces where a navigation went and tabs can be told apart.
 */
export function pageTitle(parts: ReadonlyArray<string | null | undefined>): string {
  return [...parts.map((part) => part?.replace(/\s+/g, ' ').trim()).filter(Boolean), BRAND].join(' – ');
}
