'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { postCall } from '@/lib/client/api';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useSubmit } from '@/lib/client/useSubmit';
import { modalText } from '@/lib/flows/outcomeMessages';
import { invoiceProblemKey, outcomeAfterInvoice, type PortalOffer } from '@/lib/flows/portal';
import { INVOICE_FIELDS, invoiceProblems, MAX_INVOICE_TEXT_LENGTH, invoiceProblemsByField, normaliseInvoice, type InvoiceField, type InvoiceForm as InvoiceValues } from '@/lib/validation/portal';
import { useChromeTexts } from '@/components/chrome/ChromeTexts';
import { ErrorModal } from '@/components/modal/ErrorModal';
import formStyles from '@/components/form/form.module.css';
import { EmailField } from '@/components/email/EmailField';
import { TextField } from '@/components/form/TextField';
import { ConsentBox } from './ConsentBox';
import type { PortalTexts } from './portalTexts';
import { useAfterPress } from './useAfterPress';
import { useHeadingFocus } from './useHeadingFocus';
import styles from './Portal.module.css';

/** The browser's limit on a line: over the rule's, so that the rule says what is too long. */
const FIELD_LIMIT = MAX_INVOICE_TEXT_LENGTH + 50;

type Props = {
  offer: PortalOffer;
  texts: PortalTexts;
  values: InvoiceValues;
  onValues: (update: (values: InvoiceValues) => InvoiceValues) => void;
  /** Back from page 2: the heading takes focus. */
  focusHeading: boolean;
  onSubmitted: (transactionId: string) => void;
};

const ERROR_MODAL = 'portal-invoice-error';
type Touched = Partial<Record<InvoiceField, true>>;

/**
 * Page 1 (spec §2 "Portal"): the invoice form. The §5 rules (lib/validation/portal.ts) show under
 * each field once it was left or a submit was tried; a submit with problems announces them and
 * focuses the first. While the call runs, every field and the button are disabled; a press before
 * the scripts ran is kept and carried out (useEarlyForm). A failed call shows the common error
 * modal (spec §8) and leaves everything as typed.
 */
export function InvoiceForm({ offer, texts, values, onValues, focusHeading, onSubmitted }: Props) {
  const id = useId();
  const chrome = useChromeTexts();
  const formRef = useEarlyForm();
  const headingRef = useHeadingFocus<HTMLHeadingElement>(focusHeading);
  const submitRef = useRef<HTMLButtonElement>(null);
  // useSubmit ignores a second press even within one render: it must not start a second transaction.
  const { busy, submit, errorModal } = useSubmit<ReturnType<typeof outcomeAfterInvoice>>({
    modal: ERROR_MODAL,
    text: (outcome) => modalText(outcome, texts, chrome.internalError),
    returnFocusTo: () => submitRef.current,
    onDone: (outcome) => onSubmitted(outcome.transactionId),
  });
  const [touched, setTouched] = useState<Touched>({});
  const [announced, setAnnounced] = useState(false);

  const problems = invoiceProblemsByField(invoiceProblems(values));
  const errorOf = (field: InvoiceField) => {
    const problem = touched[field] && problems[field];
    return problem ? texts[invoiceProblemKey(field, problem) as keyof PortalTexts] : undefined;
  };
  const set = <K extends keyof InvoiceValues>(field: K, value: InvoiceValues[K]) => onValues((current) => ({ ...current, [field]: value }));
  const afterPress = useAfterPress();
  const leave = (field: InvoiceField) => afterPress(() => setTouched((current) => ({ ...current, [field]: true })));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = invoiceProblems(values);
    if (found.length > 0) {
      setTouched(Object.fromEntries(INVOICE_FIELDS.map((field) => [field, true])));
      setAnnounced(true);
      formRef.current?.querySelector<HTMLElement>(`[data-field-id="${found[0]!.field}"]`)?.focus();
      return;
    }
    setAnnounced(false);
    await submit(async () => {
      const invoice = normaliseInvoice(values);
      const response = await postCall('submit/portal/invoiceinfo', {
        groupCodeIdent: offer.groupCodeIdent,
        portalId: offer.portalId,
        isDataPrivacyChecked: invoice.isDataPrivacyChecked,
        invoiceIsPrivate: invoice.invoiceIsPrivate,
        invoiceName: invoice.invoiceName,
        invoiceStreet: invoice.invoiceStreet,
        invoiceCity: invoice.invoiceCity,
        invoiceEmail: invoice.invoiceEmail,
        invoiceProductText: offer.productTitle,
        invoiceProductPrice: offer.price.cents / 100,
      });
      return outcomeAfterInvoice(response);
    });
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={headingRef} className="page-title">
        {texts.PortalTitle}
      </h1>
      <p className="lead">{texts.PortalText}</p>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <fieldset className={formStyles.fieldset} disabled={busy}>
          <legend className={formStyles.legend}>{texts.PortalProductLegend}</legend>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-portal`} className={formStyles.label}>
              {texts.PortalIdLabel}
            </label>
            <input id={`${id}-portal`} className={formStyles.input} type="text" value={offer.portalId} readOnly />
          </div>
          <dl className={styles.product}>
            <div>
              <dt>{texts.PortalProductLabel}</dt>
              <dd>{offer.productTitle}</dd>
            </div>
            <div>
              <dt>{texts.PortalPriceLabel}</dt>
              <dd className={styles.price} data-testid="portal-price">
                {offer.price.text}
              </dd>
            </div>
          </dl>
        </fieldset>

        <fieldset className={formStyles.fieldset} disabled={busy}>
          <legend className={formStyles.legend}>{texts.PortalInvoiceTypeLegend}</legend>
          <div className={formStyles.radios}>
            <label className={formStyles.radio}>
              <input type="radio" name={`${id}-type`} checked={values.invoiceIsPrivate} onChange={() => set('invoiceIsPrivate', true)} />
              <span>{texts.PortalInvoicePrivate}</span>
            </label>
            <label className={formStyles.radio}>
              <input type="radio" name={`${id}-type`} checked={!values.invoiceIsPrivate} onChange={() => set('invoiceIsPrivate', false)} />
              <span>{texts.PortalInvoiceCompany}</span>
            </label>
          </div>
        </fieldset>

        <fieldset className={formStyles.fieldset} disabled={busy}>
          <legend className={formStyles.legend}>{texts.PortalAddressLegend}</legend>
          <TextField
            fieldId="invoiceName"
            label={values.invoiceIsPrivate ? texts.PortalNamePrivateLabel : texts.PortalNameCompanyLabel}
            value={values.invoiceName}
            onChange={(value) => set('invoiceName', value)}
            onBlur={() => leave('invoiceName')}
            error={errorOf('invoiceName')}
            autoComplete={values.invoiceIsPrivate ? 'name' : 'organization'}
            required
            maxLength={FIELD_LIMIT}
          />
          <TextField
            fieldId="invoiceStreet"
            label={texts.PortalStreetLabel}
            value={values.invoiceStreet}
            onChange={(value) => set('invoiceStreet', value)}
            onBlur={() => leave('invoiceStreet')}
            error={errorOf('invoiceStreet')}
            autoComplete="address-line1"
            required
            maxLength={FIELD_LIMIT}
          />
          <TextField
            fieldId="invoiceCity"
            label={texts.PortalCityLabel}
            value={values.invoiceCity}
            onChange={(value) => set('invoiceCity', value)}
            onBlur={() => leave('invoiceCity')}
            error={errorOf('invoiceCity')}
            autoComplete="address-level2"
            required
            maxLength={FIELD_LIMIT}
          />
          <EmailField
            fieldId="invoiceEmail"
            label={texts.PortalEmailLabel}
            hint={texts.PortalEmailHint}
            value={values.invoiceEmail}
            onChange={(value) => set('invoiceEmail', value)}
            onBlur={() => leave('invoiceEmail')}
            error={errorOf('invoiceEmail')}
            autoComplete="email"
          />
          <EmailField
            fieldId="invoiceEmailConfirmation"
            label={texts.PortalEmailConfirmLabel}
            value={values.invoiceEmailConfirmation}
            onChange={(value) => set('invoiceEmailConfirmation', value)}
            onBlur={() => leave('invoiceEmailConfirmation')}
            error={errorOf('invoiceEmailConfirmation')}
            autoComplete="off"
          />
        </fieldset>

        <div className={styles.consents}>
          <ConsentBox
            field="isDataPrivacyChecked"
            label={texts.PortalPrivacyLabel}
            linkLabel={texts.PortalPrivacyLink}
            title={texts.PortalPrivacyTitle}
            text={texts.PortalPrivacyText}
            checked={values.isDataPrivacyChecked}
            onChange={(checked) => {
              set('isDataPrivacyChecked', checked);
              leave('isDataPrivacyChecked');
            }}
            error={errorOf('isDataPrivacyChecked')}
            disabled={busy}
          />
          <ConsentBox
            field="isRevocationRightChecked"
            label={texts.PortalRevocationLabel}
            linkLabel={texts.PortalRevocationLink}
            title={texts.PortalRevocationTitle}
            text={texts.PortalRevocationText}
            checked={values.isRevocationRightChecked}
            onChange={(checked) => {
              set('isRevocationRightChecked', checked);
              leave('isRevocationRightChecked');
            }}
            error={errorOf('isRevocationRightChecked')}
            disabled={busy}
          />
        </div>

        <p className={styles.announce} role="status">
          {announced && Object.keys(problems).length > 0 ? texts.PortalProblemsSummary : ''}
        </p>

        <div className={formStyles.actions}>
          {/* Enabled in the server's HTML: a press before the scripts run is held and carried out (useEarlyForm). */}
          <button ref={submitRef} type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
            {texts.PortalPayButton}
          </button>
        </div>
      </form>
      <ErrorModal {...errorModal} />
    </section>
  );
}
