/*
 * The demo checkout script, second part: the in-page dialog in which the buyer approves or
 * cancels, where PayPal would show its own pages. A modal dialog: focus inside, Escape cancels.
 */

/* eslint-disable @typescript-eslint/no-unused-vars -- what it declares, the parts served after it use, in one scope (checkoutScriptSource.ts) */

var FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** buttons: what one Buttons instance shares with its dialog (state, created orders, options, reportError). */
function openDialog(orderId, buttons) {
  var state = buttons.state;
  var options = buttons.options;
  var reportError = buttons.reportError;
  if (state.closed) return;
  var order = buttons.created[orderId] || {};
  var unit = (order.purchase_units && order.purchase_units[0]) || {};
  var opener = document.activeElement;
  var titleId = newId('title');
  var explainId = newId('explain');

  var overlay = element('div', {
    position: 'fixed',
    top: '0',
    right: '0',
    bottom: '0',
    left: '0',
    background: 'rgba(0, 0, 0, 0.6)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '16px',
    boxSizing: 'border-box',
    zIndex: '2147483000',
  });
  overlay.setAttribute('data-paypal-demo', 'overlay');
  var dialog = element('div', {
    background: '#FFFFFF',
    color: '#111111',
    borderRadius: '8px',
    padding: '20px',
    width: '100%',
    maxWidth: '420px',
    boxSizing: 'border-box',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    fontSize: '16px',
    lineHeight: '1.5',
    boxShadow: '0 4px 24px rgba(0, 0, 0, 0.3)',
    overflowWrap: 'anywhere',
  });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', titleId);
  dialog.setAttribute('aria-describedby', explainId);

  var title = element('h2', { margin: '0 0 12px', fontSize: '20px', lineHeight: '1.3' }, TEXT.title);
  title.id = titleId;
  var explain = element('p', { margin: '0 0 12px' }, TEXT.explain);
  explain.id = explainId;
  var facts = element('dl', { margin: '0 0 16px' });
  [
    [TEXT.amount, formatAmount(unit.amount)],
    [TEXT.description, unit.description || ''],
  ].forEach(function (fact) {
    if (!fact[1]) return;
    facts.appendChild(element('dt', { fontWeight: '700' }, fact[0]));
    facts.appendChild(element('dd', { margin: '0 0 8px' }, fact[1]));
  });

  var actionsRow = element('div', { display: 'flex', flexWrap: 'wrap', gap: '8px' });
  var buttonStyle = { minHeight: '44px', padding: '8px 16px', borderRadius: '999px', fontSize: '16px', fontWeight: '700', cursor: 'pointer', flex: '1 1 auto' };
  var confirm = element('button', Object.assign({ background: '#FFC439', color: '#111111', border: '2px solid #FFC439' }, buttonStyle), TEXT.confirm);
  confirm.type = 'button';
  var cancel = element('button', Object.assign({ background: '#FFFFFF', color: '#111111', border: '2px solid #555555' }, buttonStyle), TEXT.cancel);
  cancel.type = 'button';
  actionsRow.appendChild(confirm);
  actionsRow.appendChild(cancel);

  dialog.appendChild(title);
  dialog.appendChild(explain);
  dialog.appendChild(facts);
  dialog.appendChild(actionsRow);
  overlay.appendChild(dialog);
  document.body.appendChild(overlay);

  var settled = false;
  function closeDialog() {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('focusin', onFocusIn, true);
    if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
    state.dialog = null;
    state.closeDialog = null;
    if (state.closed) return;
    var back = opener && opener.isConnected ? opener : state.button;
    if (back && back.isConnected && typeof back.focus === 'function') back.focus();
  }

  function onCancel() {
    if (settled) return;
    settled = true;
    closeDialog();
    if (typeof options.onCancel === 'function') {
      Promise.resolve()
        .then(function () {
          return options.onCancel({ orderID: orderId });
        })
        .catch(reportError);
    }
  }

  function onConfirm() {
    if (settled) return;
    settled = true;
    confirm.disabled = true;
    cancel.disabled = true;
    dialog.setAttribute('aria-busy', 'true');
    post('/v2/checkout/orders/' + encodeURIComponent(orderId) + '/approve')
      .then(function (approved) {
        closeDialog();
        if (typeof options.onApprove !== 'function') return undefined;
        var payerId = approved.payer && approved.payer.payer_id;
        var serverCaptures = function () {
          return Promise.reject(new Error('PayPal demo: the server reads and captures the order'));
        };
        return options.onApprove(
          { orderID: orderId, payerID: payerId, paymentSource: 'paypal' },
          { order: { capture: serverCaptures, get: serverCaptures }, restart: serverCaptures },
        );
      })
      .catch(function (error) {
        if (state.dialog === dialog) closeDialog();
        reportError(error);
      });
  }

  /** Tab and Shift+Tab stay in the dialog; Escape cancels. */
  function onKey(event) {
    if (event.key === 'Escape' || event.key === 'Esc') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    var focusable = Array.prototype.slice.call(dialog.querySelectorAll(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    var first = focusable[0];
    var last = focusable[focusable.length - 1];
    var active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  /** Focus that escapes anyway (a click outside, assistive technology) is brought back. */
  function onFocusIn(event) {
    if (dialog.contains(event.target)) return;
    if (confirm.disabled) dialog.focus();
    else confirm.focus();
  }

  dialog.tabIndex = -1;
  confirm.addEventListener('click', onConfirm);
  cancel.addEventListener('click', onCancel);
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', onFocusIn, true);
  state.dialog = dialog;
  state.closeDialog = closeDialog;
  confirm.focus();
}
