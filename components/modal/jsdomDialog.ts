/**
 * For jsdom tests only. jsdom has <dialog> but not showModal()/close(), and it renders nothing, so
 * it lets page code focus elements a browser would not. The stand-ins do what a browser does that
 * the modal system relies on:
 * - showModal() sets `open` and moves focus to the first focusable element inside (the dialog
 *   focusing steps);
 * - close() removes `open` and fires a 'close' event;
 * - an element inside a closed dialog (display: none) cannot take focus, so React's autoFocus on
 *   the close button, which runs before the dialog opens, does not move focus;
 * - while a modal dialog is open, the page behind it is inert: nothing outside takes focus.
 * One set for every test that renders a modal, so none tests against a weaker browser.
 */
const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function installDialogStandIns(): void {
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function focusIfRendered(this: HTMLElement, options?: FocusOptions) {
    const closedDialog = this.closest('dialog:not([open])');
    if (closedDialog && closedDialog !== this) return;
    const openDialog = document.querySelector('dialog[open]');
    if (openDialog && !openDialog.contains(this)) return;
    focus.call(this, options);
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    (this.querySelector<HTMLElement>(FOCUSABLE) ?? this).focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
