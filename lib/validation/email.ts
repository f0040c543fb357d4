/**
 * The e-mail step's rules (spec §5), shared by the browser (inline messages, send disabled) and the
 * embedded API (which checks again: the call must not become a way to mail anything anywhere).
 *
 * An address is a local part, '@', and either a domain with at least one dot and a top level of
 * two or more letters, or an IP literal in brackets: IPv4 ([192.0.2.1]) or, as RFC 5321 §4.1.3 writes
 * it, IPv6 ([IPv6:2001:db8::1], also with an IPv4 tail). The local part is one or more
 * dot-separated runs of characters other than white space, control characters and
 * <>()[]\.,;:@" — so no quoted local parts, no comments, no display names and no second address:
 * nothing a mail header could be bent with (a line break, a comma, a '<').
 */

/** RFC 5321: at most 64 characters before the '@', 254 in all. */
const MAX_LOCAL = 64;
const MAX_ADDRESS = 254;

// No white space, control characters or <>()[]\.,;:@" in a run; runs separated by single dots.
const LOCAL_PART = /^[^<>()[\]\\.,;:\s@"\u0000-\u001f\u007f]+(\.[^<>()[\]\\.,;:\s@"\u0000-\u001f\u007f]+)*$/u;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+[A-Za-z]{2,}$`);
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const IPV4_LITERAL = new RegExp(`^\\[${IPV4}\\]$`);
const IPV4_TAIL = new RegExp(`^${IPV4}$`);
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/**
 * An IPv6 address as RFC 5321's IPv6-addr: eight groups of 1–4 hex digits, or fewer with one '::'
 * standing for at least one group of zeros; the last two groups may be written as an IPv4 address.
 */
function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const all = [...head, ...tail];
  // An IPv4 tail counts as two groups, and only as the very last.
  const last = all.at(-1);
  const v4 = last !== undefined && IPV4_TAIL.test(last);
  const hexGroups = v4 ? all.slice(0, -1) : all;
  if (!hexGroups.every((group) => HEX_GROUP.test(group))) return false;
  const groups = hexGroups.length + (v4 ? 2 : 0);
  return halves.length === 2 ? groups <= 7 : groups === 8;
}

function isIpLiteral(domain: string): boolean {
  if (IPV4_LITERAL.test(domain)) return true;
  const v6 = /^\[IPv6:([^\]]+)\]$/i.exec(domain);
  return v6 !== null && isIpv6(v6[1]!);
}

/** Whether the text (surrounding white space removed) is an e-mail address by the spec's pattern. */
export function isValidEmail(value: string): boolean {
  const address = value.trim();
  if (address.length === 0 || address.length > MAX_ADDRESS) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > MAX_LOCAL) return false;
  return LOCAL_PART.test(local) && (DOMAIN.test(domain) || isIpLiteral(domain));
}

/** The spec's message keys of the e-mail step (§5), per field. */
export type EmailProblems = {
  email?: 'SendAccessCodeEmailError';
  confirmation?: 'SendAccessCodeConfirmEmailError' | 'SendAccessCodeConfirmEmailRepeatError';
};

/**
 * Both fields are required and must be addresses; the confirmation must equal the address (after
 * removing surrounding white space; letter case counts, as it is typed twice to catch a typo).
 */
export function emailProblems(email: string, confirmation: string): EmailProblems {
  const problems: EmailProblems = {};
  if (!isValidEmail(email)) problems.email = 'SendAccessCodeEmailError';
  if (!isValidEmail(confirmation)) problems.confirmation = 'SendAccessCodeConfirmEmailError';
  else if (confirmation.trim() !== email.trim()) problems.confirmation = 'SendAccessCodeConfirmEmailRepeatError';
  return problems;
}

export type EmailStep = { kind: 'skip' } | { kind: 'send'; email: string } | { kind: 'invalid'; problems: EmailProblems };

/**
 * What the e-mail step's button does (spec §4, §5). Sending off: the call is skipped and the flow
 * goes on (§4 "a blank e-mail skips the call": with sending off no e-mail is given). Sending on:
 * both fields are required (§5), so a blank address is a problem to show, not a skip; the
 * participant who wants no mail unticks 'send'.
 */
export function emailStep(sending: boolean, email: string, confirmation: string): EmailStep {
  if (!sending) return { kind: 'skip' };
  const problems = emailProblems(email, confirmation);
  if (problems.email || problems.confirmation) return { kind: 'invalid', problems };
  return { kind: 'send', email: email.trim() };
}
