/**
 * The demo's portals (the demo table of docs/operations.md): the PORTAL row,
 * `/portal/PTDEMO01/1`, the product 'Kompetenzanalyse Online' at 345.67 EUR; and for QA a portal
 * without a price, `/portal/PTNOPRICE/2`, which shows the error page and never a payment button.
 */
export const DEMO_PORTALS: ReadonlyArray<{ id: number; groupCodeIdent: string; productText: string; priceCents: number | null }> = [
  { id: 1, groupCodeIdent: 'PTDEMO01', productText: 'Kompetenzanalyse Online', priceCents: 34_567 },
  { id: 2, groupCodeIdent: 'PTNOPRICE', productText: 'Ohne Preis', priceCents: null },
];
