'use client';

/**
 * Requests whose answers rewrite the session cookie, kept from overtaking one another where that
 * would lose a change. The cookie holds the whole session, and a request's answer writes back the
 * session as that request carried it, plus its own change: a draft sent before the header's language
 * change and answered after it would bring the old language back. Calls (postCall) run side by side;
 * a session change of the page's own (the language) waits for the calls under way, and calls wait
 * for it.
 */
let callsUnderWay = 0;
const whenNoCalls: Array<() => void> = [];
let change: Promise<void> | null = null;

/** A call: runs at once unless a session change is under way, then after it. */
export async function asCall<T>(send: () => Promise<T>): Promise<T> {
  while (change) await change;
  callsUnderWay++;
  try {
    return await send();
  } finally {
    callsUnderWay--;
    if (callsUnderWay === 0) for (const resolve of whenNoCalls.splice(0)) resolve();
  }
}

/** A session change: runs once no call is under way; calls asked for meanwhile wait for it. */
export async function asSessionChange<T>(run: () => Promise<T>): Promise<T> {
  while (change) await change;
  let done!: () => void;
  change = new Promise<void>((resolve) => (done = resolve));
  try {
    if (callsUnderWay > 0) await new Promise<void>((resolve) => whenNoCalls.push(resolve));
    return await run();
  } finally {
    change = null;
    done();
  }
}
