/*
 * The demo payment provider's stand-in of PayPal's checkout script (GET /api/paypal-demo/sdk/js,
 * PAYPAL_MODE=demo). Served as it is, without bundling, to the portal's summary page, which loads
 * it through @paypal/react-paypal-js exactly as it would load PayPal's. It defines
 * window.paypal.Buttons with the part of PayPal's interface the page uses (onInit, onClick,
 * createOrder with actions.order.create, onApprove, onCancel, onError, render, close), renders a
 * real button that says it is a demo, and lets the buyer approve in an in-page dialog. Nothing is
 * paid: the order lives in the app's demo Orders API, which the server then verifies and captures.
 *
 * It runs under the pages' Content-Security-Policy: no inline handlers, no eval, no <style>
 * element; styles are set through element.style (the CSSOM, which the policy does not restrict).
 */
(function () {
  'use strict';

  var script = document.currentScript || document.querySelector('script[src*="/api/paypal-demo/sdk/js"]');
  var scriptUrl = new URL(script ? script.src : '/api/paypal-demo/sdk/js', document.baseURI);
  var apiBase = new URL('../', scriptUrl).href.replace(/\/$/, '');
  var german = /^de([_-]|$)/i.test(scriptUrl.searchParams.get('locale') || '');

  var TEXT = german
    ? {
        button: 'Mit PayPal bezahlen (Demo)',
        note: 'Demo: Es wird kein Geld bewegt.',
        title: 'PayPal (Demo)',
        amount: 'Betrag',
        description: 'Beschreibung',
        explain: 'Dies ist ein Demo-Zahlungsanbieter. Es wird kein Geld bewegt.',
        confirm: 'Zahlung bestätigen (Demo)',
        cancel: 'Abbrechen',
      }
    : {
        button: 'Pay with PayPal (Demo)',
        note: 'Demo: no money moves.',
        title: 'PayPal (Demo)',
        amount: 'Amount',
        description: 'Description',
        explain: 'This is a demo payment provider. No money moves.',
        confirm: 'Confirm payment (Demo)',
        cancel: 'Cancel',
      };

  /** PayPal's amount string as the buyer reads it: "345,67 EUR" in German, "345.67 EUR" otherwise. */
  function formatAmount(amount) {
    if (!amount || typeof amount.value !== 'string') return '';
    return (german ? amount.value.replace('.', ',') : amount.value) + ' ' + amount.currency_code;
  }

  function element(tag, styles, text) {
    var node = document.createElement(tag);
    if (styles) Object.assign(node.style, styles);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  var idCounter = 0;
  function newId(prefix) {
    idCounter += 1;
    return 'paypal-demo-' + prefix + '-' + idCounter;
  }

  /** An Error with PayPal's name and issue, from an answer of the demo Orders API. */
  function apiError(status, body) {
    var issue = body && body.details && body.details[0] && body.details[0].issue;
    var name = (body && body.name) || 'HTTP_' + status;
    var error = new Error('PayPal demo: ' + name + (issue ? ' (' + issue + ')' : ''));
    error.status = status;
    error.name = name;
    if (issue) error.issue = issue;
    return error;
  }

  function post(path, body) {
    return fetch(apiBase + path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body || {}),
    }).then(function (response) {
      return response.text().then(function (text) {
        var json;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        if (!response.ok || !json || typeof json.id !== 'string') throw apiError(response.status, json);
        return json;
      });
    });
  }

  var FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

  var BUTTON_COLOURS = {
    gold: { background: '#FFC439', color: '#111111', border: '#FFC439' },
    blue: { background: '#0070BA', color: '#FFFFFF', border: '#0070BA' },
    silver: { background: '#EEEEEE', color: '#111111', border: '#EEEEEE' },
    white: { background: '#FFFFFF', color: '#111111', border: '#555555' },
    black: { background: '#111111', color: '#FFFFFF', border: '#111111' },
  };

  function Buttons(options) {
    options = options || {};
    var style = options.style || {};
    var colours = BUTTON_COLOURS[style.color] || BUTTON_COLOURS.gold;
    var height = Math.min(Math.max(Number(style.height) || 40, 25), 55);
    var state = { enabled: true, busy: false, root: null, button: null, dialog: null, closeDialog: null, closed: false };
    /** What actions.order.create answered, by order id: the dialog shows its amount and description. */
    var created = {};

    function reportError(error) {
      var reported = error instanceof Error ? error : new Error(String(error));
      if (typeof options.onError === 'function') {
        try {
          options.onError(reported);
        } catch {
          // The page's handler failing must not break the button.
        }
      } else if (window.console) {
        window.console.error(reported);
      }
    }

    var initActions = {
      enable: function () {
        state.enabled = true;
        paintEnabled();
        return Promise.resolve();
      },
      disable: function () {
        state.enabled = false;
        paintEnabled();
        return Promise.resolve();
      },
    };

    function paintEnabled() {
      if (!state.button) return;
      var usable = state.enabled && !state.busy;
      state.button.setAttribute('aria-disabled', usable ? 'false' : 'true');
      state.button.style.opacity = usable ? '1' : '0.6';
      state.button.style.cursor = usable ? 'pointer' : 'not-allowed';
    }

    /** onClick may stop the flow: by returning false (or a promise of false) or by actions.reject(). */
    function askOnClick() {
      if (typeof options.onClick !== 'function') return Promise.resolve(true);
      var decision;
      var actions = {
        resolve: function () {
          decision = true;
          return Promise.resolve();
        },
        reject: function () {
          decision = false;
          return Promise.resolve();
        },
      };
      return Promise.resolve(options.onClick({ fundingSource: 'paypal' }, actions)).then(function (result) {
        if (result === false || decision === false) return false;
        return true;
      });
    }

    function createOrder() {
      var actions = {
        order: {
          create: function (body) {
            return post('/v2/checkout/orders', body).then(function (order) {
              created[order.id] = order;
              return order.id;
            });
          },
        },
      };
      if (typeof options.createOrder !== 'function') return Promise.reject(new Error('PayPal demo: createOrder is required'));
      return Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, actions)).then(function (orderId) {
        if (typeof orderId !== 'string' || !orderId) throw new Error('PayPal demo: createOrder gave no order id');
        return orderId;
      });
    }

    function onButtonClick() {
      if (state.busy || state.dialog || state.closed) return;
      state.busy = true;
      paintEnabled();
      askOnClick()
        .then(function (go) {
          // Disabled through onInit's actions: onClick runs (the page may say why), nothing opens.
          if (!go || !state.enabled) return undefined;
          return createOrder().then(openDialog);
        })
        .catch(reportError)
        .then(function () {
          state.busy = false;
          paintEnabled();
        });
    }

    function openDialog(orderId) {
      if (state.closed) return;
      var order = created[orderId] || {};
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

    return {
      isEligible: function () {
        return true;
      },
      render: function (container) {
        try {
          var target = typeof container === 'string' ? document.querySelector(container) : container;
          if (!target || typeof target.appendChild !== 'function') throw new Error('PayPal demo: no container to render into');
          var root = element('div', { width: '100%', minWidth: '0', maxWidth: '750px', boxSizing: 'border-box' });
          root.setAttribute('data-paypal-demo', 'buttons');
          var button = element('button', {
            display: 'block',
            width: '100%',
            minHeight: Math.max(height, 44) + 'px',
            padding: '8px 16px',
            boxSizing: 'border-box',
            background: colours.background,
            color: colours.color,
            border: '2px solid ' + colours.border,
            borderRadius: style.shape === 'rect' ? '4px' : '999px',
            fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
            fontSize: '16px',
            fontWeight: '700',
            lineHeight: '1.25',
            cursor: 'pointer',
          }, TEXT.button);
          button.type = 'button';
          var note = element('p', { margin: '6px 0 0', fontSize: '14px', lineHeight: '1.4', color: '#333333', textAlign: 'center' }, TEXT.note);
          note.id = newId('note');
          button.setAttribute('aria-describedby', note.id);
          button.addEventListener('click', onButtonClick);
          root.appendChild(button);
          root.appendChild(note);
          target.appendChild(root);
          state.root = root;
          state.button = button;
          paintEnabled();
          if (typeof options.onInit === 'function') options.onInit({}, initActions);
          return Promise.resolve();
        } catch (error) {
          return Promise.reject(error);
        }
      },
      close: function () {
        state.closed = true;
        if (state.closeDialog) state.closeDialog();
        if (state.root && state.root.parentNode) state.root.parentNode.removeChild(state.root);
        state.root = null;
        state.button = null;
        return Promise.resolve();
      },
      updateProps: function () {
        return Promise.resolve();
      },
    };
  }

  window.paypal = { version: 'demo', Buttons: Buttons };
})();
