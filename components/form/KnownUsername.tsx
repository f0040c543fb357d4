/**
 * A server component: the page renders it and hands the element to its (client) form, which puts it
 * first, so that no page ships its code as script (the login pages' size budget).
 *
 * The username a password manager files a code or key under, in a form that does not ask for it
 * because an earlier step did: the ident code typed on /home (or a returning group participant's
 * personal access code) on /accesscode, /accesspassword and /register. Chromium asks for exactly
 * this ("include a form field containing the username in the form used to collect the password",
 * hidden by CSS), and Bitwarden takes the text field before the password field in the same form:
 * so it comes first in the form.
 *
 * `hidden` (display: none): no one sees it, Tab passes it by and screen readers do not find it, so
 * it is neither a focus trap nor a field without a purpose to anyone. Read-only, for it is no
 * input. No name, like every code field: nothing of it can end up in an address, whatever submits
 * the form (docs/architecture.md, "Codes, keys and password managers").
 */
export function KnownUsername({ value }: { value: string | undefined }) {
  if (!value) return null;
  return <input type="text" autoComplete="username" value={value} readOnly hidden />;
}
