/**
 * SMTP_URL with a user and password on smtp:// would send them unencrypted whenever the server (or
 * someone between) offers no STARTTLS: nodemailer upgrades only when offered, unless requireTLS is
 * set. So credentials need TLS: smtps:// (TLS from the start), or `?requireTLS=true` (STARTTLS or
 * no mail). An operator whose relay truly speaks no TLS (one on the same host) says so with
 * SMTP_ALLOW_PLAIN_WITH_CREDENTIALS=true. Without credentials (a local relay, the journeys' test
 * server) plain SMTP stays allowed.
 */
export function smtpPlainProblem(env: { SMTP_URL?: string | undefined; SMTP_ALLOW_PLAIN_WITH_CREDENTIALS: boolean }): string | undefined {
  if (env.SMTP_URL === undefined || env.SMTP_ALLOW_PLAIN_WITH_CREDENTIALS) return undefined;
  const url = new URL(env.SMTP_URL);
  if (url.protocol === 'smtps:' || (url.username === '' && url.password === '')) return undefined;
  const option = (name: string) => url.searchParams.get(name);
  // secure=true is TLS from the start on smtp:// too; ignoreTLS would skip the STARTTLS that requireTLS asks for.
  if (option('secure') === 'true' || (option('requireTLS') === 'true' && option('ignoreTLS') !== 'true')) return undefined;
  // Never the URL itself: it holds the password.
  return 'carries a user and password but does not require TLS: add ?requireTLS=true (STARTTLS, or no mail is sent), use smtps://, ' +
    'or set SMTP_ALLOW_PLAIN_WITH_CREDENTIALS=true to send them unencrypted on purpose';
}
