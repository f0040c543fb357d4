'use client';

import { useCallback, useState } from 'react';
import type { PortalOffer } from '@/lib/flows/portal';
import { EMPTY_INVOICE, type InvoiceForm as InvoiceValues } from '@/lib/validation/portal';
import { PageTitle } from '@/components/chrome/PageTitle';
import { InvoiceForm } from './InvoiceForm';
import { InvoiceSummary } from './InvoiceSummary';
import { PortalSuccess } from './PortalSuccess';
import type { PortalTexts } from './portalTexts';

type Props = { offer: PortalOffer; nonce?: string; texts: PortalTexts };

type Step = { page: 1 } | { page: 2; transactionId: string } | { page: 3 };

/**
 * The portal's three pages (spec §2, §4) in one client flow: page 1 the invoice form, page 2 the
 * summary with the payment button, page 3 the success message. What was typed lives here, so that
 * back from page 2 shows page 1 as it was left. The transaction id of page 1's call is the one the
 * session now holds; it goes to PayPal as custom_id and back with the payment report.
 */
export function PortalFlow({ offer, nonce, texts }: Props) {
  const [values, setValues] = useState<InvoiceValues>(EMPTY_INVOICE);
  const [step, setStep] = useState<Step>({ page: 1 });
  // A page turn after the first: the new page's heading takes focus (a screen reader says where the buyer is).
  const [turned, setTurned] = useState(false);

  const go = useCallback((next: Step) => {
    setTurned(true);
    setStep(next);
  }, []);

  return (
    <>
      <PageTitle parts={[step.page === 1 ? texts.PortalTitle : step.page === 2 ? texts.PortalSummaryTitle : texts.PortalSuccessTitle]} />
      {step.page === 1 && (
        <InvoiceForm
          offer={offer}
          texts={texts}
          values={values}
          onValues={setValues}
          focusHeading={turned}
          onSubmitted={(transactionId) => go({ page: 2, transactionId })}
        />
      )}
      {step.page === 2 && (
        <InvoiceSummary
          offer={offer}
          nonce={nonce}
          texts={texts}
          values={values}
          transactionId={step.transactionId}
          onBack={() => go({ page: 1 })}
          onPaid={() => go({ page: 3 })}
        />
      )}
      {step.page === 3 && <PortalSuccess texts={texts} />}
    </>
  );
}
