/**
 * Who may do what in the operator console: every console action names the role it needs, here and
 * nowhere else. The console's server actions ask `mayDo` before anything else; SECURITY.md's console
 * table is generated from this list, and roles.test.ts plays every cell with a real session.
 */
export const ROLES = ['owner', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export type ConsoleAction = {
  /** The name audit rows and the table use: 'assessment create'. */
  name: string;
  /** What it does, for SECURITY.md. */
  summary: string;
  /** The roles that may do it. */
  roles: readonly Role[];
  /** Whether it changes anything (and so writes an audit row). */
  changes: boolean;
};

const EVERYONE: readonly Role[] = ROLES;
const OWNERS: readonly Role[] = ['owner'];

function action(name: string, summary: string, roles: readonly Role[], changes: boolean): ConsoleAction {
  return { name, summary, roles, changes };
}

/** Every console action, reading ones first. */
export const CONSOLE_ACTIONS = {
  overview: action('overview', 'the live overview: invited, started, in progress and finished, per questionnaire and group code', EVERYONE, false),
  auditRead: action('audit read', 'the audit log of operators\u2019 changes, on screen and as CSV', EVERYONE, false),
  assessmentList: action('assessment list', 'search assessments by name, code prefix or state', EVERYONE, false),
  groupCodeList: action('group code list', 'group codes and their participants', EVERYONE, false),
  questionnaireList: action('questionnaire list', 'questionnaires and their versions', EVERYONE, false),
  answersExport: action('answers export', 'the answers as CSV (Excel dialect too) or JSON, streamed', EVERYONE, false),
  mailRead: action('mail read', 'the outbox, or the sent log with SMTP', EVERYONE, false),
  portalRead: action('portal read', 'portals, prices and payments (paid, pending, not confirmed)', EVERYONE, false),
  invoiceExport: action('invoice export', 'the portal\u2019s invoice data as CSV', OWNERS, false),
  brandingRead: action('branding read', 'the clients\u2019 logos and themes', EVERYONE, false),
  privacyAudit: action('privacy audit', 'the privacy audit: erasures, exports and purges', OWNERS, false),
  privacyExport: action('privacy export', 'export a person\u2019s data (GDPR Art. 15, 20)', OWNERS, false),
  privacyAnonymousExport: action('privacy anonymous export', 'the answers without anything that names a person', OWNERS, false),
  assessmentCreate: action('assessment create', 'create assessments for a questionnaire and download their codes once', OWNERS, true),
  groupCodeCreate: action('group code create', 'create a group code', OWNERS, true),
  groupCodeClose: action('group code close', 'close a group code: no new logins', OWNERS, true),
  questionnaireImport: action('questionnaire import', 'import a questionnaire from a JSON file', OWNERS, true),
  privacyErase: action('privacy erase', 'erase a person (GDPR Art. 17)', OWNERS, true),
  brandingSet: action('branding set', 'a client\u2019s logo (PNG or JPEG, validated) and theme', OWNERS, true),
  mailResend: action('mail resend', 'send a participant\u2019s access-code mail again, within the mail limits', OWNERS, true),
  passkeyAdd: action('passkey add', 'add a passkey to one\u2019s own account', EVERYONE, true),
  signOut: action('sign out', 'end one\u2019s own console session', EVERYONE, false),
} as const satisfies Record<string, ConsoleAction>;

export type ConsoleActionName = keyof typeof CONSOLE_ACTIONS;

export function mayDo(role: Role, name: ConsoleActionName): boolean {
  return CONSOLE_ACTIONS[name].roles.includes(role);
}

export { OWNERS };
