'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { postCall } from '@/lib/client/api';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useHydrated } from '@/lib/client/useHydrated';
import { useSubmit } from '@/lib/client/useSubmit';
import { routeAfterSelection } from '@/lib/flows/selection';
import formStyles from '@/components/form/form.module.css';
import styles from './Selection.module.css';

export type SelectionOption = { id: number; questionnaireType: number; title: string; selectable: boolean; reason?: string };

type Texts = { title: string; text: string; legend: string; send: string; noneLeft: string; failed: string };

/**
 * The radio group of the selection: one radio per questionnaire in a fieldset with its legend; one
 * that cannot be chosen is disabled and its reason is tied to it (aria-describedby). A failed send
 * is logged (spec §8) and, so that nobody is stuck, said on the page with the choice kept
 * (lib/flows/selection.ts routeAfterSelection); a dead session goes to the error page.
 */
export function SelectionForm({ options, preselected, texts }: { options: SelectionOption[]; preselected?: number; texts: Texts }) {
  const id = useId();
  const [chosen, setChosen] = useState<number | undefined>(preselected);
  const [failed, setFailed] = useState(false);
  // Counts failed sends: after each, focus goes back to send, which was disabled (so focus was
  // nowhere) while the call ran; Enter then sends again.
  const [failures, setFailures] = useState(0);
  const { busy, submit } = useSubmit<ReturnType<typeof routeAfterSelection>>({
    onStay: () => {
      setFailed(true);
      setFailures((count) => count + 1);
    },
  });
  const sendRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const formRef = useEarlyForm();
  const noneLeft = !options.some((option) => option.selectable);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const option = options.find((o) => o.id === chosen && o.selectable);
    if (busy || !option) return;
    await submit(async () => {
      setFailed(false);
      const response = await postCall('submit/kodew/assessmentselection', { selectedQuestionnaireId: option.id, type: option.questionnaireType });
      const outcome = routeAfterSelection(response, response.tokenClaims);
      // Spec §8: the selection call only logs its failure (codes only: nothing secret).
      if (outcome.kind !== 'go') console.error('assessment selection failed', { statusCode: response.statusCode, detailCode: response.detailCode });
      return outcome;
    });
  };

  useEffect(() => {
    if (failures > 0) sendRef.current?.focus();
  }, [failures]);

  return (
    <section className="card card-narrow" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <p className="lead">{texts.text}</p>
        <fieldset className={formStyles.fieldset}>
          <legend className={formStyles.legend}>{texts.legend}</legend>
          <div className={styles.options}>
            {options.map((option) => {
              const reasonId = `${id}-reason-${option.id}`;
              return (
                <div className={styles.option} key={option.id}>
                  <label className={formStyles.radio}>
                    <input
                      type="radio"
                      name="questionnaire"
                      value={option.id}
                      checked={chosen === option.id}
                      disabled={!option.selectable}
                      onChange={() => setChosen(option.id)}
                      aria-describedby={option.reason ? reasonId : undefined}
                    />
                    <span>{option.title}</span>
                  </label>
                  {option.reason && (
                    <p id={reasonId} className={styles.reason}>
                      {option.reason}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
        {noneLeft && <p role="status">{texts.noneLeft}</p>}
        {failed && (
          <p className={formStyles.error} role="alert">
            {texts.failed}
          </p>
        )}
        <div className={formStyles.actions}>
          <button ref={sendRef} type="submit" className="button button-primary" disabled={hydrated && (busy || chosen === undefined)} aria-busy={busy}>
            {texts.send}
          </button>
        </div>
      </form>
    </section>
  );
}
