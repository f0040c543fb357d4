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
 *
 * Its parts, served in one function scope in this order (checkoutScriptSource.ts): page.js (the
 * page it runs on, texts, helpers), dialog.js (the approval dialog), buttons.js (Buttons).
 */

/* eslint-disable @typescript-eslint/no-unused-vars -- what it declares, the parts served after it use, in one scope (checkoutScriptSource.ts) */

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
