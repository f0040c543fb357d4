import { getConfig } from '@/lib/config';
import { embeddedApi } from '@/lib/embedded-api';

/**
 * Whether this instance can serve: with the embedded API, its database answers; in front of a real
 * upstream, the app itself is up (the contract has no health call, and the upstream's own health is
 * its operator's to watch).
 */
export async function upstreamIsReady(): Promise<boolean> {
  if (!getConfig().embeddedApi) return true;
  try {
    const api = await embeddedApi();
    await api.db.query('select 1');
    return true;
  } catch {
    return false;
  }
}
