'use client';

import { useLayoutEffect, useRef } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { orderRequest, PAYPAL_BUTTON_STYLE, paypalScriptOptions, type PortalOffer } from '@/lib/flows/portal';
import type { Approval } from '@/lib/flows/portalDraft';
import type { PortalTexts } from './portalTexts';
import styles from './Portal.module.css';


type Props = {
  offer: PortalOffer;
  transactionId: string;
  /** The response's CSP nonce: PayPal's script and the styles it inserts carry it. */
  nonce?: string;
  texts: PortalTexts;
  /** While true (a payment approved and being reported, or recorded), a press starts nothing. */
  locked: boolean;
  /** A press that may start a payment: earlier messages go. */
  onStart: () => void;
  /** The buyer approved the payment with PayPal: the server captures and verifies it. */
  onApprove: (approval: Approval) => Promise<void>;
  /** PayPal's script or the order failed: the buyer may try again. */
  onProviderError: () => void;
};

/**
 * The PayPal button of page 2 (spec §7, §9): PayPal's classic JavaScript SDK
 * through @paypal/react-paypal-js from the package root, currency EUR, locale de_DE, style medium,
 * gold, pill, checkout. The order is for the portal's price, described as product text plus portal
 * id, with the transaction id as custom_id; the browser only reports the approved order, the
 * server captures and verifies it. In demo mode the script is the app's own stand-in
 * (/api/paypal-demo/sdk/js), which says on the button that no money moves.
 */
export function PaymentButton(props: Props) {
  const options = paypalScriptOptions(props.offer, props.nonce);
  // The stand-in's script is the app's own address: under the base path.
  if (options.sdkBaseUrl) options.sdkBaseUrl = withBasePath(options.sdkBaseUrl);
  return (
    <PayPalScriptProvider options={options}>
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}

function Buttons({ offer, transactionId, texts, locked, onStart, onApprove, onProviderError }: Props) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // Refs: PayPal keeps the callbacks of its first render; these always see the latest state.
  const lockedRef = useRef(locked);
  const handlers = useRef({ onStart, onApprove, onProviderError });
  useLayoutEffect(() => {
    lockedRef.current = locked;
    handlers.current = { onStart, onApprove, onProviderError };
  });
  // One order at a time: a second press while PayPal's window for the first is open reuses it.
  const pendingOrder = useRef<Promise<string> | null>(null);

  if (isRejected) {
    return (
      <p className={styles.message} role="alert">
        {texts.PortalPaymentUnavailable}
      </p>
    );
  }
  return (
    <div className={styles.buttons} aria-busy={isPending || undefined}>
      {/* Always in the page (a live region inserted with its text is not announced by every screen reader). */}
      <p role="status">{isPending ? texts.PortalPaymentLoading : ''}</p>
      <PayPalButtons
        style={PAYPAL_BUTTON_STYLE}
        onClick={(_data, actions) => {
          if (lockedRef.current) return actions.reject();
          handlers.current.onStart();
          return actions.resolve();
        }}
        createOrder={(_data, actions) => {
          if (!pendingOrder.current) {
            const order = actions.order.create(orderRequest(offer, transactionId));
            pendingOrder.current = order;
            order.catch(() => {
              if (pendingOrder.current === order) pendingOrder.current = null;
            });
          }
          return pendingOrder.current;
        }}
        onApprove={async (data) => {
          pendingOrder.current = null;
          await handlers.current.onApprove({ orderID: data.orderID, ...(typeof data.payerID === 'string' && { payerID: data.payerID }) });
        }}
        onCancel={() => {
          // Spec §4: cancelling does nothing; the next press starts a new order.
          pendingOrder.current = null;
        }}
        onError={() => {
          pendingOrder.current = null;
          handlers.current.onProviderError();
        }}
      />
    </div>
  );
}
