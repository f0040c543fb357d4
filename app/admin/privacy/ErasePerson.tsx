'use client';

import styles from '@/components/console/Console.module.css';
import { FormMessage, SubmitButton } from '@/components/console/FormParts';
import { useConsoleForm } from '@/components/console/useConsoleForm';
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

/**
 * The erasure's two steps, one server action behind both forms (so that without scripts the
 * server renders each answer in place): the first names the person and shows what would be
 * erased; the second, shown only then, repeats the person in hidden fields and needs the
 * confirmation ticked. useConsoleForm gives both ConsoleForm's behaviour (permalink, focus, values
 * kept); the preview is the result the focus goes to.
 */
export function ErasePerson({ pageAddress, xsrf, texts }: { pageAddress: string; xsrf: string; texts: EraseTexts }) {
  const { state, formAction, pending, form: find, message, result: preview } = useConsoleForm<EraseState>(erasePersonStep, pageAddress);
  const values = state?.values ?? {};
  const showMessage = (state?.error && !state.preview) || state?.notice;
  return (
    <>
      <form id="erase-find" ref={find} action={formAction} className={styles.form} aria-describedby={showMessage ? 'erase-message' : undefined}>
        {/* An error of the second step shows there, beside the confirmation. */}
        {!(state?.error && state.preview) && <FormMessage id="erase-message" state={state} message={message} />}
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
        <SubmitButton label={texts.previewSubmit} pending={pending} />
      </form>
      {state?.preview && (
        <section className={styles.section} aria-labelledby="erase-preview">
          <h3 id="erase-preview" ref={preview as React.RefObject<HTMLHeadingElement | null>} tabIndex={-1} style={{ marginTop: 0 }}>{texts.previewTitle}</h3>
          <ul>
            {state.preview.counts.length === 0 ? <li>{texts.previewNone}</li> : state.preview.counts.map(([table, n]) => <li key={table}>{`${table}: ${n}`}</li>)}
          </ul>
          {state.preview.shared && <p>{texts.shared}</p>}
          <form id="erase-confirm" action={formAction} className={styles.form} aria-describedby={state.error ? 'erase-confirm-message' : undefined}>
            {state.error && <FormMessage id="erase-confirm-message" state={state} message={message} />}
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
            <SubmitButton label={texts.eraseSubmit} pending={pending} danger />
          </form>
        </section>
      )}
    </>
  );
}
