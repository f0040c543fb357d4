import type { ClientCrypto } from '@/lib/client/encrypt';
import type { GroupVariant } from '@/lib/flows/groupVariants';
import { frameFlow, groupFlow, identCodeFlow, portalFlow, type FlowSettings } from './flows';
import { CheckLog, httpSender, type Sender } from './participant';
import { probeRest } from './probes';

export type CheckOptions = {
  /** The upstream's {api}: the base its calls go below, as UPSTREAM_API_URL. */
  url: string;
  timeoutMs: number;
  /** The app's CLIENT_CRYPTO_KEY and CLIENT_CRYPTO_IV: what the upstream decrypts codes and keys with. */
  crypto: ClientCrypto;
  identCode?: string;
  accessCode?: string;
  groupCodes: ReadonlyArray<{ variant: GroupVariant; code: string }>;
  portal?: { groupCodeIdent: string; portalId?: string };
  /** The address a group participant's access code is sent to (the e-mail step); none: not sent. */
  email?: string;
  /** Answer every page and finish each assessment signed in to. */
  finish: boolean;
};

/**
 * The contract check: every call of spec §7 sent to an upstream as the app sends it, in the order
 * a participant makes them, each answer judged against the contract (./findings.ts). The flows
 * first (the codes given), then every call no flow reached, sent so that it changes nothing
 * (./probes.ts). An upstream that answers the first call not at all is asked nothing more.
 */
export async function runContractCheck(options: CheckOptions, send: Sender = httpSender(options.url, options.timeoutMs)): Promise<CheckLog> {
  const log = new CheckLog(send);
  const settings: FlowSettings = { crypto: options.crypto, finish: options.finish, ...(options.email && { email: options.email }) };
  await frameFlow(log);
  if (!log.sent[0]?.reached) return log;
  if (options.identCode) await identCodeFlow(log, options.identCode, options.accessCode, settings);
  for (const { variant, code } of options.groupCodes) await groupFlow(log, variant, code, settings);
  if (options.portal) await portalFlow(log, options.portal);
  await probeRest(log, options.crypto);
  return log;
}
