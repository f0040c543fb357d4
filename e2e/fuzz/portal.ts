import type { StandinScenario } from '@/lib/embedded-api/payments/ordersStandin';
import { pageScriptCall } from './api';
import type { FuzzBody } from './bodies';
import type { FuzzRequest } from './http';
import type { Random } from './random';
import type { Visitor } from './sessions';
import { nastyString } from './values';

/**
 * The portal's visitors, sent before the random requests: the page info with odd
 * addresses, invoice forms with every field fuzzed, and payment reports with and without a
 * transaction of the session, replayed. PayPal is the fuzz's own Orders API stand-in
 * (payments/ordersStandin.ts, run.ts), which holds an order of each kind for the buyer's
 * transaction; none of them makes the server fail (13 would mean PayPal could not be asked).
 */

export type PortalOrders = { addOrder: (init: { scenario: StandinScenario; transactionId?: string; value: string; currency?: string }) => string };

const INVOICE = {
  groupCodeIdent: 'PTDEMO01',
  portalId: '1',
  isDataPrivacyChecked: true,
  invoiceIsPrivate: true,
  invoiceName: 'Fuzz Käufer',
  invoiceStreet: 'Hauptstraße 1',
  invoiceCity: '10115 Berlin',
  invoiceEmail: 'fuzz-buyer@example.org',
  invoiceProductText: 'Kompetenzanalyse Online',
  invoiceProductPrice: 345.67,
  uiLanguage: 'de-DE',
};

/** The invoice form as the portal page sends it. */
export const portalInvoice = (change: Record<string, unknown> = {}) => ({ ...INVOICE, ...change });

const text = (what: string, value: string): FuzzBody => ({ what, bytes: Buffer.from(value, 'utf8') });
const json = (what: string, value: unknown): FuzzBody => text(what, JSON.stringify(value));

const ODD_IDENTS: unknown[] = ['PTDEMO01', 'ptdemo01', ' PTDEMO01 ', 'PTDEMO02', '', 'P'.repeat(200), 'P'.repeat(201), 'PT/../DEMO', 'PTDEMO01\u0000', '%00', 'ÄÖÜ', 42, null, ['PTDEMO01']];
const ODD_PORTAL_IDS: unknown[] = ['1', 1, '01', '-1', -1, '1.5', 1.5, '0', 0, '2', '99999999999999999999', 2 ** 31, 1e308, ' 1', '1 ', '1e0', '0x1', '', null, true, [1], { id: 1 }];
const ODD_PRICES: unknown[] = [345.67, 345.66, 345.671, 0, -345.67, 1e308, 2 ** 53, '345.67', '345,67', null, [345.67]];
const INVOICE_TEXT_FIELDS = ['invoiceName', 'invoiceStreet', 'invoiceCity', 'invoiceEmail', 'invoiceProductText'] as const;

export function portalRequests(r: Random, visitors: Visitor[], baseUrl: string, orders: PortalOrders): FuzzRequest[] {
  const byName = (name: Visitor['name']) => visitors.find((v) => v.name === name);
  const visitor = byName('visitor')!;
  const buyer = byName('portal buyer');
  const requests: FuzzRequest[] = [];
  const send = (as: Visitor, path: string, body: FuzzBody) => requests.push(pageScriptCall(as, path, body, baseUrl));

  // The page info: every odd identifier with every odd id is too many; each once, against the other's valid value.
  for (const ident of ODD_IDENTS) send(visitor, 'pageinfo/portal/login', json(`portal identifier ${JSON.stringify(ident)}`, { groupCodeIdent: ident, portalId: '1', product: 5 }));
  for (const portalId of ODD_PORTAL_IDS) send(visitor, 'pageinfo/portal/login', json(`portal id ${JSON.stringify(portalId)}`, { groupCodeIdent: 'PTDEMO01', portalId, product: 5 }));
  send(visitor, 'pageinfo/portal/login', json('every language', { groupCodeIdent: 'PTDEMO01', portalId: '1', uiLanguage: r.pick(['en-US', 'fr-FR', 'it-IT', 'cz-CZ', 'xx-XX']) }));

  // Invoice forms: each text field blank, nasty, with a NUL, a line break, huge; the other fields of a wrong type.
  for (const field of INVOICE_TEXT_FIELDS) {
    for (const [what, value] of [
      ['blank', '   '],
      ['a NUL', 'Fuzz\u0000Käufer'],
      ['a line break and a header', 'Fuzz\r\nBcc: x@example.org'],
      ['201 characters', 'x'.repeat(201)],
      ['200 KB', 'y'.repeat(200 * 1024)],
      ['300 KB (over the body limit)', 'z'.repeat(300 * 1024)],
      ['a nasty string', nastyString(r)],
      ['a formula', '=HYPERLINK("http://evil.example","x")'],
      ['a number', 42],
    ] as Array<[string, unknown]>) {
      send(visitor, 'submit/portal/invoiceinfo', json(`invoice ${field} ${what}`, portalInvoice({ [field]: value })));
    }
  }
  for (const price of ODD_PRICES) send(visitor, 'submit/portal/invoiceinfo', json(`invoice price ${JSON.stringify(price)}`, portalInvoice({ invoiceProductPrice: price })));
  for (const portalId of ['2', '99', '-1', { id: 1 }]) send(visitor, 'submit/portal/invoiceinfo', json(`invoice for portal ${JSON.stringify(portalId)}`, portalInvoice({ portalId })));
  // The portal is named by identifier and id together: every other identifier (or none) names no portal.
  for (const groupCodeIdent of ODD_IDENTS) send(visitor, 'submit/portal/invoiceinfo', json(`invoice under identifier ${JSON.stringify(groupCodeIdent)}`, portalInvoice({ groupCodeIdent })));
  send(visitor, 'submit/portal/invoiceinfo', json('invoice without an identifier', portalInvoice({ groupCodeIdent: undefined })));
  for (const field of ['isDataPrivacyChecked', 'invoiceIsPrivate'] as const) {
    for (const value of [false, 'true', 1, null]) send(visitor, 'submit/portal/invoiceinfo', json(`invoice ${field} ${JSON.stringify(value)}`, portalInvoice({ [field]: value })));
  }
  send(visitor, 'submit/portal/invoiceinfo', json('invoice without any field', {}));
  send(visitor, 'submit/portal/invoiceinfo', json('invoice with an unknown field', portalInvoice({ transactionId: 'PT-mine' })));
  send(visitor, 'submit/portal/invoiceinfo', json('a valid invoice from a visitor', portalInvoice()));

  // Payment reports without a transaction of the session (the proxy refuses them), and with a made-up one.
  for (const as of [visitor, byName('signed-in P1')!]) {
    const transactionId = buyer?.transactionId ?? 'PT-AAAAAAAAAAAAAAAAAAAA';
    send(as, 'submit/portal/sucessfullyPaid', json(`a report for the buyer's transaction from ${as.name}`, { transactionId, paymentDetails: { orderID: orders.addOrder({ scenario: 'completed', transactionId, value: '345.67' }) } }));
    send(as, 'submit/portal/sucessfullyPaid', json(`a report for a made-up transaction from ${as.name}`, { transactionId: 'PT-BBBBBBBBBBBBBBBBBBBB', paymentDetails: { orderID: 'UNKNOWN0ORDER0001' } }));
  }
  if (!buyer?.transactionId) return requests;

  // The buyer's own transaction: an order of each kind PayPal may hold, odd order ids, odd details.
  const transactionId = buyer.transactionId;
  const report = (what: string, paymentDetails: unknown, id: unknown = transactionId) =>
    send(buyer, 'submit/portal/sucessfullyPaid', json(`payment report: ${what}`, { transactionId: id, paymentDetails }));
  const kinds: Array<[string, StandinScenario, string, string?, string?]> = [
    ['declined', 'declined', '345.67'],
    ['pending capture', 'pendingCapture', '345.67'],
    ['not approved', 'created', '345.67'],
    ['voided', 'voided', '345.67'],
    ['a wrong amount', 'completed', '0.01'],
    ['a wrong currency', 'completed', '345.67', 'USD'],
    ['another transaction', 'completed', '345.67', 'EUR', 'PT-CCCCCCCCCCCCCCCCCCCC'],
    ['approved then declined', 'approvedThenDeclined', '345.67'],
  ];
  for (const [what, scenario, value, currency, other] of kinds) {
    report(`an order ${what}`, { orderID: orders.addOrder({ scenario, transactionId: other ?? transactionId, value, ...(currency && { currency }) }), payerID: 'FUZZPAYER' });
  }
  for (const orderID of ['UNKNOWN0ORDER0002', 'lowercase0order', '../v1/oauth2/token', 'A'.repeat(36), 'A'.repeat(37), 'A'.repeat(65), '', ' ', 42, null, ['X'], { id: 'X' }, 'ORDER\u0000ID', nastyString(r)]) {
    report(`order id ${JSON.stringify(orderID).slice(0, 40)}`, { orderID });
  }
  report('no order id', { payerID: 'FUZZPAYER' });
  report('an order id under id', { id: 'UNKNOWN0ORDER0003' });
  report('details that are a list', ['UNKNOWN0ORDER0004']);
  report('details of 10,000 keys', Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])));
  report('a transaction id of another shape', { orderID: 'UNKNOWN0ORDER0005' }, `${transactionId}\u0000`);

  // A paid order, reported three times (replay), then once more for a made-up transaction id.
  const paid = orders.addOrder({ scenario: 'approved', transactionId, value: '345.67' });
  for (let i = 1; i <= 3; i++) report(`the paid order, report ${i} of 3 (replay)`, { orderID: paid, payerID: 'FUZZPAYER' });
  report('the paid order for a made-up transaction', { orderID: paid }, 'PT-DDDDDDDDDDDDDDDDDDDD');
  return requests;
}
