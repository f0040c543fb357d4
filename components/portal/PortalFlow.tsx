'use client';

import { useCallback, useState } from 'react';
import type { PortalOffer } from '@/lib/flows/portal';
import type { Approval, PortalStep } from '@/lib/flows/portalDraft';
import { EMPTY_INVOICE, type InvoiceForm as InvoiceValues } from '@/lib/validation/portal';
import { PageTitle } from '@/components/chrome/PageTitle';
import { InvoiceForm } from './InvoiceForm';
import { InvoiceSummary } from './InvoiceSummary';
import { PortalSuccess } from './PortalSuccess';
import type { PortalTexts } from './portalTexts';
import { usePortalDraft } from './usePortalDraft';

type Props = { offer: PortalOffer; nonce?: string; texts: PortalTexts };

type Step = PortalStep | { page: 3 };

/**
 * The portal's three pages (spec §2, §4) in one client flow: page 1 the invoice form, page 2 the
 * summary with the payment button, page 3 the success message. What was typed lives here, so that
 * back from page 2 shows page 1 as it was left. The transaction id of page 1's call is the one the
 * session now holds; it goes to PayPal as custom_id and back with the payment report. A reload
 * shows the same page with the same values (usePortalDraft), and an approved payment whose report
 * did not get through is confirmed again rather than paid twice.
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
  const approved = useCallback((approval: Approval | undefined) => {
    setStep((current) => (current.page === 2 ? { page: 2, transactionId: current.transactionId, ...(approval && { approval }) } : current));
  }, []);
  usePortalDraft(values, step, (draft) => {
    setValues(draft.values);
    setStep(draft.step);
  });

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
          approval={step.approval}
          onApproved={approved}
          onBack={() => go({ page: 1 })}
          onPaid={() => go({ page: 3 })}
        />
      )}
      {step.page === 3 && <PortalSuccess texts={texts} />}
    </>
  );
}
