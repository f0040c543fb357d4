import { parseArgs } from 'node:util';
import { ConfigError, readEnv } from '@/lib/config';
import { envFields } from '@/lib/config/schema';
import { GROUP_VARIANTS, isGroupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { portalAddress } from '@/lib/flows/portal';
import { normaliseCode } from '@/lib/validation/code';
import { isValidEmail } from '@/lib/validation/email';
import { formatReport, summarize } from './report';
import { runContractCheck, type CheckOptions } from './run';

export const USAGE = `Usage: npm run check:upstream -- --url <upstream {api}> [options]

Sends every call of the specification (§7) to the upstream as the app sends it, in the order a
participant makes them, and judges each answer by the app's contract (lib/api): a missing or
mistyped field, an answer that is no JSON and an HTTP error are failures, a field the contract does
not know is a note. It says which data it changed; it finishes nothing unless told to.

  --url <address>            the upstream's {api}, as UPSTREAM_API_URL (default: UPSTREAM_API_URL)
  --ident-code <code>        an assessment's ident code: the ident-code flow
  --access-code <code>       its access code: signs in, saves one page, signs out
  --group-code [<variant>:]<code>
                             a group code of the web variant (kodew), or of ra or kodegroupcode
                             (ra:<code>); once per variant. Each starts a new participant who sets
                             a random personal key, saves one page and signs out
  --portal <groupCodeIdent>/<portalId>
                             a portal: loads it and sends one invoice form (a transaction is
                             recorded, nothing is paid)
  --email <address>          sends each group participant's access code to this address
  --finish                   answers every page and finishes each assessment it signs in to
  --help                     this text

Codes and keys are encrypted with the app's CLIENT_CRYPTO_KEY and CLIENT_CRYPTO_IV, and each call
may take UPSTREAM_TIMEOUT_MS, read from the environment as the app reads them. Exit codes: 0 the
upstream answers as the contract says, 1 a failure was found, 2 wrong arguments or configuration.`;

export type Output = { out(text: string): void; err(text: string): void };

class UsageError extends Error {}

function groupCode(value: string): { variant: GroupVariant; code: string } {
  const colon = value.indexOf(':');
  const [variant, code] = colon === -1 ? ['kodew', value] : [value.slice(0, colon), value.slice(colon + 1)];
  if (!isGroupVariant(variant)) throw new UsageError(`--group-code: unknown variant '${variant}' (one of ${GROUP_VARIANTS.join(', ')})`);
  const normalised = normaliseCode(code);
  if (!normalised) throw new UsageError(`--group-code: no code after '${variant}:'`);
  return { variant, code: normalised };
}

/** The options as the check takes them, or a UsageError (ConfigError) naming what is wrong. */
export function checkOptions(argv: string[], env: Record<string, string | undefined>): CheckOptions | 'help' {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        'ident-code': { type: 'string' },
        'access-code': { type: 'string' },
        'group-code': { type: 'string', multiple: true },
        portal: { type: 'string' },
        email: { type: 'string' },
        finish: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  const url = values.url ?? env.UPSTREAM_API_URL;
  if (!url) throw new UsageError('--url: the upstream’s address is required (or set UPSTREAM_API_URL)');
  // The app's own rule for UPSTREAM_API_URL.
  if (!envFields.shape.UPSTREAM_API_URL.safeParse(url).success) throw new UsageError('--url: must be an http:// or https:// address');
  const settings = readEnv({ ...env, UPSTREAM_API_URL: url });

  const identCode = values['ident-code'] === undefined ? undefined : normaliseCode(values['ident-code']);
  const accessCode = values['access-code'] === undefined ? undefined : normaliseCode(values['access-code']);
  if (identCode === '') throw new UsageError('--ident-code: the code is empty');
  if (accessCode === '') throw new UsageError('--access-code: the code is empty');
  if (accessCode && !identCode) throw new UsageError('--access-code: needs --ident-code (the assessment it opens)');
  const groupCodes = (values['group-code'] ?? []).map(groupCode);
  const twice = groupCodes.find((g, i) => groupCodes.findIndex((other) => other.variant === g.variant) !== i);
  if (twice) throw new UsageError(`--group-code: ${twice.variant} is given twice`);
  const portal = values.portal === undefined ? undefined : portalAddress(values.portal.split('/'));
  if (values.portal !== undefined && !portal) throw new UsageError('--portal: expected <groupCodeIdent>/<portalId>, as in the address /portal/<groupCodeIdent>/<portalId>');
  if (values.email !== undefined && !isValidEmail(values.email.trim())) throw new UsageError('--email: not an e-mail address');

  return {
    url,
    timeoutMs: settings.UPSTREAM_TIMEOUT_MS,
    crypto: { key: settings.CLIENT_CRYPTO_KEY, iv: settings.CLIENT_CRYPTO_IV },
    ...(identCode && { identCode }),
    ...(accessCode && { accessCode }),
    groupCodes,
    ...(portal && { portal }),
    ...(values.email !== undefined && { email: values.email.trim() }),
    finish: values.finish,
  };
}

/** `npm run check:upstream` (lib/scripts/check-upstream.ts): the exit code. */
export async function main(argv: string[], env: Record<string, string | undefined>, output: Output): Promise<number> {
  let options;
  try {
    options = checkOptions(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ConfigError)) throw error;
    output.err(`${error.message}\n(npm run check:upstream -- --help lists the options)`);
    return 2;
  }
  if (options === 'help') {
    output.out(USAGE);
    return 0;
  }
  const log = await runContractCheck(options);
  output.out(formatReport(log, { url: options.url, finish: options.finish }));
  return summarize(log).passed ? 0 : 1;
}
