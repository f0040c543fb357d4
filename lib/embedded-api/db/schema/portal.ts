import type { Migration } from '../migrations';

/** Versions 11 to 13: the portal, its payments, the demo payment provider and the confirmation mail. */
export const PORTAL_MIGRATIONS: readonly Migration[] = [
  {
    version: 11,
    name: 'the portal: portals, transactions (invoice forms sent), payments recorded once, and reports PayPal did not confirm',
    sql: `
      create table portal (
        id int primary key,
        group_code_ident text not null,
        product_text text not null,
        -- null: the portal has no price and shows no payment button
        price_cents bigint,
        created_at timestamptz not null default now()
      );
      create table portal_transaction (
        id text primary key,
        portal_id int not null references portal(id),
        invoice_is_private boolean not null,
        invoice_name text not null,
        invoice_street text not null,
        invoice_city text not null,
        invoice_email text not null,
        -- the portal's product and price when the form was sent: what the buyer agreed to pay
        product_text text not null,
        price_cents bigint not null,
        ui_language text not null,
        data_privacy_accepted_at timestamptz not null,
        client_address text not null,
        created_at timestamptz not null
      );
      create index portal_transaction_client on portal_transaction (client_address, created_at);
      create table payment (
        id serial primary key,
        transaction_id text not null references portal_transaction(id),
        -- one payment per PayPal order, whatever is reported twice or at once
        paypal_order_id text not null unique,
        paypal_capture_id text not null,
        amount_cents bigint not null,
        currency text not null,
        recorded_at timestamptz not null,
        -- smtp, outbox or failed: whether the buyer's confirmation went out
        confirmation_mail text
      );
      create index payment_transaction on payment (transaction_id);
      create table payment_report (
        id serial primary key,
        transaction_id text not null,
        paypal_order_id text not null,
        outcome text not null,
        reported_at timestamptz not null
      );
      create index payment_report_transaction on payment_report (transaction_id);
    `,
  },
  {
    version: 12,
    name: 'the demo payment provider: its orders (PAYPAL_MODE=demo), kept a day',
    sql: `
      create table demo_paypal_order (
        id text primary key,
        -- CREATED, APPROVED, COMPLETED, as PayPal's order status
        status text not null,
        currency text not null,
        -- PayPal's amount string, 345.67
        amount_value text not null,
        description text,
        custom_id text,
        invoice_id text,
        payer_id text,
        capture_id text,
        -- the PayPal-Request-Id of the capture that completed it: the same request is answered alike
        capture_request_id text,
        client_address text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index demo_paypal_order_client on demo_paypal_order (client_address, created_at);
      create index demo_paypal_order_created on demo_paypal_order (created_at);
    `,
  },
  {
    version: 13,
    name: 'the buyer’s confirmation mail tried again until it goes out: attempts made, when the next is due',
    sql: `
      -- attempts claimed so far, the send after the answer included (portal/confirmationRetries.ts)
      alter table payment add column confirmation_attempts int not null default 0;
      -- when the next attempt is due, or when a claimed one that a stop cut off is due again,
      -- null when no attempt is left (the mail went out, or failed for good)
      alter table payment add column confirmation_next_at timestamptz;
      create index payment_confirmation_due on payment (confirmation_next_at) where confirmation_next_at is not null;
      update payment set confirmation_attempts = 1;
      -- Confirmations of the last day that failed or were cut off are tried again at once, older
      -- ones, which nothing sent, count as failed for good.
      update payment set confirmation_next_at = now()
        where (confirmation_mail is null or confirmation_mail = 'failed') and recorded_at > now() - interval '1 day';
      update payment set confirmation_mail = 'failed' where confirmation_mail is null and confirmation_next_at is null;
    `,
  },
];
