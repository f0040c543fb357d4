/**
 * The demo's portals (README, demo table): the PORTAL row of ../shared/DEMO.md,
 * `/portal/PTDEMO01/1`, the product 'Kompetenzanalyse Online' at 345.67 EUR.
 */
export const DEMO_PORTALS = [
  { id: 1, groupCodeIdent: 'PTDEMO01', productText: 'Kompetenzanalyse Online', priceCents: 34_567 },
] as const;
