'use client';

import { useRef, useState } from 'react';
import { destination, type ModalMessage, type Outcome } from '@/lib/flows/outcome';
import { useModal } from '@/components/modal/ModalProvider';
import { goAfterSessionChange } from './navigate';

type Of<O extends Outcome, Kind extends Outcome['kind']> = Extract<O, { kind: Kind }>;

export type SubmitOptions<O extends Outcome> = {
  /** The id of the form's <ErrorModal>; a form whose rules never answer with a modal has none. */
  modal?: string;
  /** The modal's text for a modal outcome (lib/flows/outcomeMessages.ts modalText). */
  text?: (outcome: Of<O, 'modal'>) => string;
  /**
   * Where focus goes when the modal closes: the control to correct or press again. The control
   * that was pressed is disabled while the call runs, so focus may be nowhere by then.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /** Busy from the first render: a form that sends by itself as it opens (a code in the address). */
  initialBusy?: boolean;
  /** Before the modal opens, with the outcome (a code login keeps its count of wrong codes). */
  onModal?: (outcome: Of<O, 'modal'>) => void;
  onStay?: (outcome: Of<O, 'stay'>) => void;
  onDone?: (outcome: Of<O, 'done'>) => void;
};

/**
 * The one way a form sends and acts on the answer: busy while the call runs (a second press meanwhile
 * is ignored, even within one render), then the outcome of the form's rule applied. A page to go to
 * is loaded anew (lib/client/navigate.ts) and the form stays busy until it is gone; a modal outcome
 * opens the form's error modal; stay and done are the form's own to show. Render the returned
 * errorModal props on the form's <ErrorModal>.
 */
export function useSubmit<O extends Outcome>(options: SubmitOptions<O> = {}) {
  const { openModal } = useModal();
  const [busy, setBusy] = useState(Boolean(options.initialBusy));
  const [message, setMessage] = useState('');
  const inFlight = useRef(false);

  /** The error modal with this text; closing it gives focus to returnTo (default: the form's returnFocusTo). */
  const showError = (text: string, returnTo: HTMLElement | null | undefined = options.returnFocusTo?.()) => {
    if (!options.modal) return;
    setMessage(text);
    openModal(options.modal, returnTo === undefined ? undefined : { returnFocusTo: returnTo });
  };

  /** Acts on an outcome: also one decided without a call (the e-mail step sent without an address). */
  const apply = (outcome: O, navigation: { replace?: boolean } = {}) => {
    const to = destination(outcome);
    if (to !== undefined) {
      goAfterSessionChange(to, navigation);
      return;
    }
    inFlight.current = false;
    setBusy(false);
    if (outcome.kind === 'modal') {
      const shown = outcome as Of<O, 'modal'>;
      options.onModal?.(shown);
      showError(options.text ? options.text(shown) : (shown as ModalMessage).messageKey);
    } else if (outcome.kind === 'stay') {
      options.onStay?.(outcome as Of<O, 'stay'>);
    } else if (outcome.kind === 'done') {
      options.onDone?.(outcome as Of<O, 'done'>);
    }
  };

  /**
   * Sends (send is the call and the rule on its answer) unless a send is under way; false when
   * it did not send. navigation.replace: the page left replaces this one in the history.
   */
  const submit = async (send: () => Promise<O>, navigation: { replace?: boolean } = {}): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    apply(await send(), navigation);
    return true;
  };

  return { busy, submit, apply, showError, errorModal: { id: options.modal ?? '', message } };
}
