/**
 * What the capture script keeps until a form's own script takes it over (useEarlyForm). In memory
 * only: it holds codes and keys as typed, which must never reach browser storage.
 */
export type EarlyAction = { form: HTMLFormElement; submitter?: HTMLElement | null; button?: HTMLButtonElement };
export type EarlyForms = {
  /** The last value of every field changed before its form went live, oldest change first. */
  changes: Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string | boolean>;
  /** The last submit or button press before its form went live. */
  action: EarlyAction | null;
  /** Forms whose React handlers run: the capture leaves them alone. */
  live: WeakSet<HTMLFormElement>;
};

declare global {
  interface Window {
    __earlyForms?: EarlyForms;
  }
}

/**
 * The inline script of the root layout (it runs before the page's bundles load; keep it tiny).
 * Until <html data-hydrated> is set or the form is live, it records what is typed or chosen in a
 * GET form (every form sent by script; server-action forms are POST and work natively), and holds
 * a submit or a button press instead of letting it happen: a native GET submit would reload the
 * page, lose what was typed and could put fields into the address. A server-action form marked
 * data-hold-while-chosen (the header's language change) is held too, but only once something was
 * chosen on the page: its native post would reload the page and drop the answers on screen; held,
 * it is carried out by script, which keeps them.
 */
export const EARLY_FORM_CAPTURE = `(function(){
var d=document,h=d.documentElement,e=window.__earlyForms={changes:new Map(),action:null,live:new WeakSet()};
function held(f){return f&&!h.hasAttribute('data-hydrated')&&!e.live.has(f)&&(/^(get)?$/i.test(f.getAttribute('method')||'')||f.hasAttribute('data-hold-while-chosen')&&e.changes.size>0)}
function record(v){var t=v.target;if(held(t.form)){e.changes.delete(t);e.changes.set(t,t.type==='checkbox'||t.type==='radio'?t.checked:t.value)}}
d.addEventListener('input',record,true);
d.addEventListener('change',record,true);
d.addEventListener('submit',function(v){if(held(v.target)){v.preventDefault();e.action={form:v.target,submitter:v.submitter}}},true);
d.addEventListener('click',function(v){var b=v.target.closest&&v.target.closest('button[type=button]');if(b&&held(b.form))e.action={form:b.form,button:b}},true);
})();`;
