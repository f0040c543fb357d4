/*
 * The demo checkout script, last part: window.paypal.Buttons, the part of PayPal's interface the
 * portal page uses, rendering a real button that says it is a demo.
 */

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
  var shared = { state: state, created: created, options: options, reportError: reportError };

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
        return createOrder().then(function (orderId) {
          openDialog(orderId, shared);
        });
      })
      .catch(reportError)
      .then(function () {
        state.busy = false;
        paintEnabled();
      });
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
