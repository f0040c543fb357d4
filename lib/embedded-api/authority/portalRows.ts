import { everyState, ok, refused, type AuthorityRow } from './cells';

/**
 * The portal: a buyer is nobody's participant, so no call reads the token (spec §6), whatever
 * state it is in; a payment report reaches the embedded API only for one of the session's own
 * transactions (lib/proxy/portalReport.ts), and a payment is PayPal's word.
 */
export const PORTAL_ROWS: AuthorityRow[] = [
  { id: 'portal page', calls: ['pageinfo/portal/login'], when: 'product and price of the portal the address names; the token is not read', situation: 'portalVisitor', cells: everyState(ok()) },
  {
    id: 'portal page, unknown portal',
    calls: ['pageinfo/portal/login'],
    when: "an identifier that is not the portal's: nothing about it",
    situation: 'portalVisitor',
    cells: everyState(refused(2, 104)),
  },
  {
    id: 'invoice',
    calls: ['submit/portal/invoiceinfo'],
    when: "invoice data at the portal's price: a new transaction; the token is not read; limited per address",
    situation: 'portalVisitor',
    cells: everyState(ok()),
  },
  {
    id: 'invoice, another price',
    calls: ['submit/portal/invoiceinfo'],
    when: "a price that is not the portal's: nothing stored",
    situation: 'portalVisitor',
    cells: everyState(refused(5, 107)),
  },
  {
    id: 'invoice, another identifier',
    calls: ['submit/portal/invoiceinfo'],
    when: "the portal's id under another identifier (ids cannot be tried in turn): nothing stored",
    situation: 'portalVisitor',
    cells: everyState(refused(2, 104)),
  },
  {
    id: 'payment report, no transaction',
    calls: ['submit/portal/sucessfullyPaid'],
    when: "a transaction id that is none (the proxy sends only the session's own) with an order PayPal says is paid: nothing recorded",
    situation: 'portalVisitor',
    cells: everyState(refused(5, 0)),
  },
  {
    id: 'payment report',
    calls: ['submit/portal/sucessfullyPaid'],
    when: "the buyer's transaction and an order PayPal says is COMPLETED for it at its price: recorded once, confirmation mailed",
    situation: 'portalBuyer',
    cells: everyState(ok()),
  },
  {
    id: "payment report, another transaction's order",
    calls: ['submit/portal/sucessfullyPaid'],
    when: "the buyer's transaction and a paid order of another transaction: no payment (a report row for the operator)",
    situation: 'portalBuyer',
    cells: everyState(refused(5, 108)),
  },
];
