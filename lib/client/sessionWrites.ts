'use client';

/**
 * Requests whose answers rewrite the session cookie, kept from overtaking one another where that
 * would lose a change. The cookie holds the whole session, and a request's answer writes back the
 * session as that request carried it, plus its own change: a draft sent before the header's language
 * change and answered after it would bring the old language back. Calls (postCall) run side by side;
 * a session change of the page's own (the language) waits for the calls under way, and calls wait
 * for it.
 */
const callsUnderWay = new Set<Promise<unknown>>();
/** The session change under way or queued last; null when none is. */
let change: Promise<void> | null = null;

/** A call: sent at once unless a session change is under way or queued, then after it. */
export async function asCall<T>(send: () => Promise<T>): Promise<T> {
  while (change) await change;
  const call = send();
  callsUnderWay.add(call);
  try {
    return await call;
  } finally {
    callsUnderWay.delete(call);
  }
}

/** A session change: runs once no call is under way; calls asked for meanwhile wait for it. */
export function asSessionChange<T>(run: () => Promise<T>): Promise<T> {
  const done = (change ?? Promise.resolve()).then(() => Promise.allSettled(callsUnderWay)).then(run);
  const settled: Promise<void> = done.then(
    () => undefined,
    () => undefined,
  ).then(() => {
    if (change === settled) change = null;
  });
  change = settled;
  return done;
}
