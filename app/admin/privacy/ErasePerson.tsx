'use client';

import { useActionState, useEffect, useRef } from 'react';
import { useFormStatus } from 'react-dom';
import styles from '@/components/console/Console.module.css';
import own from './Privacy.module.css';
import { erasePersonStep, type EraseState } from './actions';

export type EraseTexts = {
  kind: string;
  kinds: Array<[string, string]>;
  code: string;
  keepAnswers: string;
  previewSubmit: string;
  previewTitle: string;
  previewNone: string;
  shared: string;
  confirm: string;
  eraseSubmit: string;
};

function Submit({ label, danger }: { label: string; danger?: boolean }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={danger ? styles.danger : styles.primary} disabled={pending} aria-busy={pending}>
      {label}
    </button>
  );
}

/**
 * The erasure's two steps, one server action behind both forms (so that without scripts the
 * server renders each answer in place): the first names the person and shows what would be
 * erased; the second, shown only then, repeats the person in hidden fields and needs the
 * confirmation ticked. It is ConsoleForm's behaviour (permalink, focus, values kept) for a form
 * whose answer brings a second form.
 */
export function ErasePerson({ pageAddress, xsrf, texts }: { pageAddress: string; xsrf: string; texts: EraseTexts }) {
  const [state, formAction] = useActionState<EraseState, FormData>(erasePersonStep, null, pageAddress);
  const find = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const preview = useRef<HTMLHeadingElement>(null);
  const values = state?.values ?? {};
  useEffect(() => {
    if (!state) return;
    const form = find.current;
    for (const [name, value] of Object.entries(state.values ?? {})) {
      const input = form?.elements.namedItem(name);
      if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = value === 'yes';
      else if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) input.value = value;
    }
    const target = state.field ? form?.elements.namedItem(state.field) : null;
    if (target instanceof HTMLElement) target.focus();
    else if (state.preview && !state.error) preview.current?.focus();
    else message.current?.focus();
  }, [state]);
  const showMessage = (state?.error && !state.preview) || state?.notice;
  return (
    <>
      <form id="erase-find" ref={find} action={formAction} className={styles.form} aria-describedby={showMessage ? 'erase-message' : undefined}>
        {state?.error && !state.preview && (
          <p id="erase-message" ref={message} role="alert" tabIndex={-1} className={styles.error}>{state.error}</p>
        )}
        {state?.notice && (
          <p id="erase-message" ref={message} role="status" tabIndex={-1} className={styles.notice}>{state.notice}</p>
        )}
        <input type="hidden" name="xsrf" value={xsrf} />
        <div className={styles.field}>
          <label htmlFor="erase-kind">{texts.kind}</label>
          <select id="erase-kind" name="kind" defaultValue={values.kind ?? 'assessment'}>
            {texts.kinds.map(([kind, label]) => (
              <option key={kind} value={kind}>{label}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="erase-code">{texts.code}</label>
          <input id="erase-code" name="code" required maxLength={254} autoComplete="off" spellCheck={false} defaultValue={values.code ?? ''} />
        </div>
        <div className={styles.field}>
          <label className={own.check}>
            <input type="checkbox" name="keep" value="yes" defaultChecked={values.keep === 'yes'} />
            <span>{texts.keepAnswers}</span>
          </label>
        </div>
        <Submit label={texts.previewSubmit} />
      </form>
      {state?.preview && (
        <section className={styles.section} aria-labelledby="erase-preview">
          <h3 id="erase-preview" ref={preview} tabIndex={-1} style={{ marginTop: 0 }}>{texts.previewTitle}</h3>
          <ul>
            {state.preview.counts.length === 0 ? <li>{texts.previewNone}</li> : state.preview.counts.map(([table, n]) => <li key={table}>{`${table}: ${n}`}</li>)}
          </ul>
          {state.preview.shared && <p>{texts.shared}</p>}
          <form id="erase-confirm" action={formAction} className={styles.form} aria-describedby={state.error ? 'erase-confirm-message' : undefined}>
            {state.error && (
              <p id="erase-confirm-message" ref={message} role="alert" tabIndex={-1} className={styles.error}>{state.error}</p>
            )}
            <input type="hidden" name="xsrf" value={xsrf} />
            <input type="hidden" name="step" value="erase" />
            <input type="hidden" name="kind" value={values.kind ?? ''} />
            <input type="hidden" name="code" value={values.code ?? ''} />
            {values.keep === 'yes' && <input type="hidden" name="keep" value="yes" />}
            <div className={styles.field}>
              <label className={own.check}>
                <input type="checkbox" name="confirm" value="yes" required />
                <span>{texts.confirm}</span>
              </label>
            </div>
            <Submit label={texts.eraseSubmit} danger />
          </form>
        </section>
      )}
    </>
  );
}
