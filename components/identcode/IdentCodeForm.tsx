'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { postCall } from '@/lib/client/api';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useFieldError } from '@/lib/client/useFieldError';
import { useSubmit } from '@/lib/client/useSubmit';
import { routeAfterIdentCode } from '@/lib/flows/identCode';
import { normaliseCode } from '@/lib/validation/code';
import { CodeField } from '@/components/form/CodeField';
import formStyles from '@/components/form/form.module.css';

type Texts = { title: string; text: string; loading: string; label: string; submit: string; required: string };
type Props = { initialCode: string; portalId?: string; texts: Texts };

export function IdentCodeForm({ initialCode, portalId, texts }: Props) {
  const [code, setCode] = useState(initialCode);
  const fieldError = useFieldError();
  // A code in the address is sent at once: the form shows only that it is being checked.
  const { busy, submit: send } = useSubmit<ReturnType<typeof routeAfterIdentCode>>({ initialBusy: Boolean(initialCode) });
  const started = useRef(false);
  const formRef = useEarlyForm();

  const submit = async (value: string, fromAddress: boolean) => {
    const assessmentIdentCode = normaliseCode(value);
    if (!assessmentIdentCode) {
      fieldError.show(texts.required);
      return;
    }
    fieldError.clear();
    await send(async () => {
      const response = await postCall('submit/kodekodex/identcode', {
        assessmentIdentCode,
        ...(portalId && { portalId }),
      });
      return routeAfterIdentCode(response, { typed: !fromAddress });
    }, { replace: fromAddress });
  };

  useEffect(() => {
    if (!initialCode || started.current) return;
    started.current = true;
    void submit(initialCode, true);
    // Runs once for the code in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void submit(code, false);
  };

  return (
    <section className="card card-narrow" aria-labelledby="home-title" aria-busy={busy}>
      <h1 id="home-title" className="page-title">
        {texts.title}
      </h1>
      {/* Always in the page, its text set while the code is checked: a live region inserted with its
          text is not announced by every screen reader. */}
      <p role="status" className={busy ? 'lead' : 'visually-hidden'}>
        {busy ? texts.loading : ''}
      </p>
      {busy ? null : (
        <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate>
          <p className="lead">{texts.text}</p>
          {/* The ident code names the assessment: the username its access code is kept under (KnownUsername on /accesscode). */}
          <CodeField label={texts.label} value={code} onChange={setCode} autoComplete="username" error={fieldError.error} errorKey={fieldError.errorKey} autoFocus />
          <div className={formStyles.actions}>
            <button type="submit" className="button button-primary">
              {texts.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
