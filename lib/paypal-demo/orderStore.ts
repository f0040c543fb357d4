import { newPaypalId, type OrderState } from '@/lib/paypal/orderShape';
import type { DemoDatabase, DemoSql } from './database';

/**
 * The demo provider's orders, in the database (table demo_paypal_order, database.ts), so that
 * every instance and a restart see the same orders. One address may create a limited number an
 * hour, and orders older than a day are deleted when new ones come: no money moves, so nothing
 * here is worth keeping, and nobody can grow the table without bound.
 */

/** Orders one client address may create within an hour: a buyer retries a few times, a script gets no further. */
export const DEMO_ORDERS_PER_CLIENT_PER_HOUR = 120;
/** Orders are deleted this long after they were created. */
export const DEMO_ORDER_LIFETIME_MS = 24 * 3600 * 1000;

const LOCK_DEMO_ORDER_CLIENT = 727_322;
const HOUR_MS = 3600 * 1000;

export type NewDemoOrder = {
  amount: { currency_code: string; value: string };
  description?: string;
  customId?: string;
  invoiceId?: string;
};

type Row = {
  id: string;
  status: string;
  currency: string;
  amount_value: string;
  description: string | null;
  custom_id: string | null;
  invoice_id: string | null;
  payer_id: string | null;
  capture_id: string | null;
  capture_request_id: string | null;
};

export type DemoOrder = OrderState & { captureRequestId?: string };

function orderOf(row: Row): DemoOrder {
  return {
    id: row.id,
    status: row.status,
    amount: { currency_code: row.currency, value: row.amount_value },
    ...(row.description !== null && { description: row.description }),
    ...(row.custom_id !== null && { customId: row.custom_id }),
    ...(row.invoice_id !== null && { invoiceId: row.invoice_id }),
    ...(row.payer_id !== null && { payerId: row.payer_id }),
    ...(row.capture_request_id !== null && { captureRequestId: row.capture_request_id }),
    captures: row.capture_id !== null ? [{ id: row.capture_id, status: 'COMPLETED' }] : [],
  };
}

/** The new order, or 'limit' when the address created DEMO_ORDERS_PER_CLIENT_PER_HOUR within the hour. */
export async function createDemoOrder(db: DemoDatabase, init: NewDemoOrder, clientAddress: string, now: number): Promise<DemoOrder | 'limit'> {
  const at = new Date(now);
  return db.transaction(async (tx) => {
    // Counting and storing under one lock on the address, so that parallel requests cannot pass the limit.
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_DEMO_ORDER_CLIENT, clientAddress]);
    await tx.query('delete from demo_paypal_order where created_at < $1', [new Date(now - DEMO_ORDER_LIFETIME_MS)]);
    const [count] = await tx.query<{ n: number }>('select count(*)::int as n from demo_paypal_order where client_address = $1 and created_at > $2', [
      clientAddress,
      new Date(now - HOUR_MS),
    ]);
    if ((count?.n ?? 0) >= DEMO_ORDERS_PER_CLIENT_PER_HOUR) return 'limit';
    const [row] = await tx.query<Row>(
      `insert into demo_paypal_order (id, status, currency, amount_value, description, custom_id, invoice_id, client_address, created_at, updated_at)
       values ($1, 'CREATED', $2, $3, $4, $5, $6, $7, $8, $8) returning *`,
      [newPaypalId(), init.amount.currency_code, init.amount.value, init.description ?? null, init.customId ?? null, init.invoiceId ?? null, clientAddress, at],
    );
    return orderOf(row!);
  });
}

export async function findDemoOrder(db: DemoSql, id: string): Promise<DemoOrder | undefined> {
  const [row] = await db.query<Row>('select * from demo_paypal_order where id = $1', [id]);
  return row && orderOf(row);
}

/**
 * The demo buyer approves: CREATED becomes APPROVED with a payer id; approving again changes
 * nothing. 'notApprovable' once it is captured.
 */
export async function approveDemoOrder(db: DemoDatabase, id: string, now: number): Promise<DemoOrder | 'notFound' | 'notApprovable'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>('select * from demo_paypal_order where id = $1 for update', [id]);
    if (!row) return 'notFound';
    if (row.status === 'APPROVED') return orderOf(row);
    if (row.status !== 'CREATED') return 'notApprovable';
    const [approved] = await tx.query<Row>("update demo_paypal_order set status = 'APPROVED', payer_id = $2, updated_at = $3 where id = $1 returning *", [
      id,
      newPaypalId(13),
      new Date(now),
    ]);
    return orderOf(approved!);
  });
}

export type CaptureOutcome =
  | { captured: DemoOrder }
  | { refused: 'notFound' | 'ORDER_NOT_APPROVED' | 'ORDER_ALREADY_CAPTURED' };

/**
 * Captures an APPROVED order once. The same PayPal-Request-Id as the capture that completed it
 * gets that capture's answer again, as PayPal answers a retried request; any other capture of a
 * completed order is ORDER_ALREADY_CAPTURED.
 */
export async function captureDemoOrder(db: DemoDatabase, id: string, requestId: string | undefined, now: number): Promise<CaptureOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>('select * from demo_paypal_order where id = $1 for update', [id]);
    if (!row) return { refused: 'notFound' };
    if (row.status === 'COMPLETED') {
      return requestId !== undefined && row.capture_request_id === requestId ? { captured: orderOf(row) } : { refused: 'ORDER_ALREADY_CAPTURED' };
    }
    if (row.status !== 'APPROVED') return { refused: 'ORDER_NOT_APPROVED' };
    const [captured] = await tx.query<Row>(
      "update demo_paypal_order set status = 'COMPLETED', capture_id = $2, capture_request_id = $3, updated_at = $4 where id = $1 returning *",
      [id, newPaypalId(), requestId ?? null, new Date(now)],
    );
    return { captured: orderOf(captured!) };
  });
}
