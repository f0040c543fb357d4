'use client';

import { useId, useRef, useState } from 'react';
import { postCall } from '@/lib/client/api';
import { useFocusAfterRender } from '@/lib/client/useFocusAfterRender';
import { useSubmit } from '@/lib/client/useSubmit';
import { modalText } from '@/lib/flows/outcomeMessages';
import { outcomeAfterPaid, type PortalOffer } from '@/lib/flows/portal';
import type { Approval } from '@/lib/flows/portalDraft';
import { normaliseInvoice, type InvoiceForm as InvoiceValues } from '@/lib/validation/portal';
import { useChromeTexts } from '@/components/chrome/ChromeTexts';
import { ErrorModal } from '@/components/modal/ErrorModal';
import { PaymentButton } from './PaymentButton';
import type { PortalTexts } from './portalTexts';
import { useHeadingFocus } from './useHeadingFocus';
import styles from './Portal.module.css';

type Props = {
  offer: PortalOffer;
  nonce?: string;
  texts: PortalTexts;
  values: InvoiceValues;
  transactionId: string;
  /** A payment approved before a reload, whose report may not have got through: confirmed again, never paid twice. */
  approval?: Approval;
  /** An approval to keep over a reload (undefined: PayPal did not confirm it, a new payment may be tried). */
  onApproved: (approval: Approval | undefined) => void;
  onBack: () => void;
  onPaid: () => void;
};

const ERROR_MODAL = 'portal-payment-error';

/**
 * Page 2 (spec §2, §4): everything entered, a way back to page 1 with the values kept, and the
 * payment button. An approved payment is reported with submit/portal/sucessfullyPaid; Ok shows
 * page 3. Cancelling does nothing; a provider error is said in the buyer's language and the
 * button stays for another try.
 */
export function InvoiceSummary({ offer, nonce, texts, values, transactionId, approval: restored, onApproved, onBack, onPaid }: Props) {
  const id = useId();
  const chrome = useChromeTexts();
  const headingRef = useHeadingFocus<HTMLHeadingElement>(true);
  // The report did not get through (the server could not ask PayPal, or the answer was lost): the
  // buyer sends it again rather than paying again.
  const [reportAgain, setReportAgain] = useState(Boolean(restored));
  const [message, setMessage] = useState(restored ? texts.PortalPaymentReportFailed : '');
  const approval = useRef<Approval | null>(restored ?? null);
  const againRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const invoice = normaliseInvoice(values);
  const { busy: reporting, submit, errorModal } = useSubmit<ReturnType<typeof outcomeAfterPaid>>({
    modal: ERROR_MODAL,
    text: (outcome) => modalText(outcome, texts, chrome.internalError),
    onDone: () => onPaid(),
    onStay: (outcome) => {
      setReportAgain(true);
      setMessage(texts[outcome.messageKey]);
      focusAfterRender(() => againRef.current);
    },
    // PayPal does not confirm this order (or the call was refused): it counts as not paid, and a new payment may be tried.
    onModal: () => {
      approval.current = null;
      onApproved(undefined);
    },
  });

  const sendReport = async () => {
    const approved = approval.current;
    if (!approved) return;
    await submit(async () => {
      setReportAgain(false);
      setMessage('');
      const response = await postCall('submit/portal/sucessfullyPaid', {
        transactionId,
        paymentDetails: { orderID: approved.orderID, ...(approved.payerID && { payerID: approved.payerID }) },
      });
      return outcomeAfterPaid(response);
    });
  };

  const report = reporting ? 'reporting' : reportAgain ? 'reportAgain' : 'idle';
  const locked = report !== 'idle';
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={headingRef} className="page-title">
        {texts.PortalSummaryTitle}
      </h1>
      <p className="lead">{texts.PortalSummaryText}</p>
      <dl className={styles.summary}>
        <div>
          <dt>{texts.PortalProductLabel}</dt>
          <dd>{offer.productTitle}</dd>
        </div>
        <div>
          <dt>{texts.PortalIdLabel}</dt>
          <dd>{offer.portalId}</dd>
        </div>
        <div>
          <dt>{texts.PortalPriceLabel}</dt>
          <dd className={styles.price}>{offer.price.text}</dd>
        </div>
        <div>
          <dt>{texts.PortalSummaryInvoiceType}</dt>
          <dd>{invoice.invoiceIsPrivate ? texts.PortalInvoicePrivate : texts.PortalInvoiceCompany}</dd>
        </div>
        <div>
          <dt>{texts.PortalSummaryName}</dt>
          <dd>{invoice.invoiceName}</dd>
        </div>
        <div>
          <dt>{texts.PortalSummaryAddress}</dt>
          <dd>
            {invoice.invoiceStreet}
            <br />
            {invoice.invoiceCity}
          </dd>
        </div>
        <div>
          <dt>{texts.PortalSummaryEmail}</dt>
          <dd>{invoice.invoiceEmail}</dd>
        </div>
        <div>
          <dt>{texts.PortalSummaryConsents}</dt>
          <dd>{texts.PortalSummaryConsentsGiven}</dd>
        </div>
      </dl>

      <section className={styles.payment} aria-labelledby={`${id}-payment`}>
        <h2 id={`${id}-payment`} className={styles.paymentTitle}>
          {texts.PortalPaymentLegend}
        </h2>
        {offer.paypalMode === 'demo' && <p className={styles.demoNotice}>{texts.PortalDemoNotice}</p>}
        {report !== 'reportAgain' && (
          <PaymentButton
            offer={offer}
            transactionId={transactionId}
            nonce={nonce}
            texts={texts}
            locked={locked}
            onStart={() => setMessage('')}
            onApprove={async (approved) => {
              approval.current = approved;
              onApproved(approved);
              await sendReport();
            }}
            onProviderError={() => setMessage(texts.PortalPaymentFailed)}
          />
        )}
        {/* Always in the page (a live region inserted with its text is not announced by every screen reader). */}
        <p role="status">{report === 'reporting' ? texts.PortalPaymentInProgress : ''}</p>
        <p className={styles.message} role="alert">
          {message}
        </p>
        {report === 'reportAgain' && (
          <button ref={againRef} type="button" className="button button-primary" onClick={() => void sendReport()}>
            {texts.PortalConfirmAgainButton}
          </button>
        )}
      </section>

      <div className={styles.back}>
        <button type="button" className="button button-secondary" onClick={onBack} disabled={locked}>
          {texts.PortalBackButton}
        </button>
      </div>
      <ErrorModal {...errorModal} />
    </section>
  );
}
