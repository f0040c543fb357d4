import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator, type ConsoleT } from '@/lib/admin/console/texts';
import { mayDo } from '@/lib/admin/operators/roles';
import { paymentGroups, type PaymentGroup } from '@/lib/admin/payments';
import { portalDeepLink, portalPage, priceText } from '@/lib/admin/portals';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { Refusal } from '@/components/console/Refusal';
import { TableScroller } from '@/components/console/TableScroller';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';

export const dynamic = 'force-dynamic';

/** How many portals and how many lines of each payment group the page shows; the export has them all. */
const PORTALS_SHOWN = 200;
const PAYMENTS_SHOWN = 50;

const OUTCOMES = ['pending', 'declined', 'wrongAmount', 'wrongCurrency', 'wrongTransaction', 'unknownOrder', 'unavailable'];
const GROUP_IDS = { paid: 'payments-paid', open: 'payments-open', 'not confirmed': 'payments-not-confirmed' } as const;

/** The portals with their prices and deep links, and the payments in their three groups; the invoice data as CSV for owners. */
export default async function PortalPage() {
  const page = await pageSession('portalRead');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'portal');
  const [portals, groups] = await Promise.all([portalPage(page.db, undefined, PORTALS_SHOWN), paymentGroups(page.db, PAYMENTS_SHOWN)]);
  const date = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const publicUrl = page.config.PUBLIC_URL;
  return (
    <>
      <ConsoleHeading title={t('title')} language={page.language} />
      <p>{t('intro')}</p>
      <section className={styles.section} aria-labelledby="portals-title">
        <h2 id="portals-title" style={{ marginTop: 0 }}>{t('portals')}</h2>
        {portals.length === 0 ? (
          <p>{t('noPortals')}</p>
        ) : (
          <TableScroller labelledBy="portals-title">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col" className={styles.number}>{t('id')}</th>
                  <th scope="col">{t('product')}</th>
                  <th scope="col">{t('price')}</th>
                  <th scope="col">{t('deepLink')}</th>
                  <th scope="col" className={styles.number}>{t('transactions')}</th>
                  <th scope="col" className={styles.number}>{t('payments')}</th>
                  <th scope="col">{t('created')}</th>
                </tr>
              </thead>
              <tbody>
                {portals.map((portal) => (
                  <tr key={portal.id}>
                    <td className={styles.number}>{portal.id}</td>
                    <th scope="row">{portal.product_text}</th>
                    <td>{priceText(portal.price_cents) || t('noPrice')}</td>
                    <td><code>{portalDeepLink(publicUrl, portal.group_code_ident, portal.id)}</code></td>
                    <td className={styles.number}>{portal.transactions}</td>
                    <td className={styles.number}>{portal.payments}</td>
                    <td><time dateTime={new Date(portal.created_at).toISOString()}>{date.format(new Date(portal.created_at))}</time></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </section>
      <section className={styles.section} aria-labelledby="invoices-title">
        <h2 id="invoices-title" style={{ marginTop: 0 }}>{t('export')}</h2>
        <p>{t('exportIntro')}</p>
        {mayDo(page.session.role, 'invoiceExport') ? (
          <ul>
            <li><a href={withBasePath('/admin/portal/invoices')} download>{t('download')}</a></li>
            <li><a href={withBasePath('/admin/portal/invoices?excel=1')} download>{t('downloadExcel')}</a></li>
          </ul>
        ) : (
          <p className={styles.muted}>{t('ownersOnly')}</p>
        )}
      </section>
      <h2>{t('paymentsTitle')}</h2>
      <p>{t('paymentsIntro', { count: PAYMENTS_SHOWN })}</p>
      {groups.map((group) => (
        <PaymentTable key={group.status} group={group} t={t} format={(at) => date.format(at)} />
      ))}
    </>
  );
}

function PaymentTable({ group, t, format }: { group: PaymentGroup; t: ConsoleT; format: (at: Date) => string }) {
  const id = GROUP_IDS[group.status];
  const outcome = (value: string | null) => (value && OUTCOMES.includes(value) ? t(`outcomes.${value}`) : (value ?? ''));
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} style={{ marginTop: 0 }}>{t(`group.${group.status}`, { count: group.count })}</h3>
      {group.count === 0 ? (
        <p>{t('groupEmpty')}</p>
      ) : (
        <TableScroller labelledBy={id}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('time')}</th>
                <th scope="col">{t('transaction')}</th>
                <th scope="col" className={styles.number}>{t('portal')}</th>
                <th scope="col" className={styles.number}>{t('amount')}</th>
                {group.status !== 'open' && <th scope="col">{t('order')}</th>}
                {group.status === 'not confirmed' && <th scope="col">{t('outcome')}</th>}
                {group.status === 'paid' && <th scope="col">{t('confirmation')}</th>}
              </tr>
            </thead>
            <tbody>
              {group.newest.map((line) => (
                <tr key={line.transactionId}>
                  <td><time dateTime={line.at.toISOString()}>{format(line.at)}</time></td>
                  <td><code>{line.transactionId}</code></td>
                  <td className={styles.number}>{line.portalId}</td>
                  <td className={styles.number}>{`${line.amount} ${line.currency}`}</td>
                  {group.status !== 'open' && <td><code>{line.orderId}</code></td>}
                  {group.status === 'not confirmed' && <td>{outcome(line.outcome)}</td>}
                  {group.status === 'paid' && <td>{line.confirmationMail ? t(`confirmations.${line.confirmationMail}`) : ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
