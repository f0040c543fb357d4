import { StatusCode } from '@/lib/api/codes';
import { getConfig } from '@/lib/config';
import { sendCall } from './client';

/**
 * A call that reads the upstream's data and changes nothing: the page info of a portal, found or
 * not. It needs the database, so an upstream that cannot reach its data fails it, and it counts
 * no guess and sends no mail, however often a load balancer asks.
 */
const PROBE = { portalId: 1 } as const;

/**
 * Whether this instance can serve: with the embedded API, it answers a call that reads its
 * database, asked through the upstream client as every page asks it; in front of a real upstream,
 * the app itself is up (the contract has no health call, and the upstream's own health is its
 * operator's to watch).
 */
export async function upstreamIsReady(): Promise<boolean> {
  if (!getConfig().embeddedApi) return true;
  const { response, failure } = await sendCall('pageinfo/portal/login', PROBE);
  return failure === undefined && response.statusCode !== StatusCode.Exception;
}
