import { logEvent } from '@/lib/log/logger';

/** The first wait before connecting again, doubled after each failure up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
/** How long stop() waits for the server to say goodbye before it drops the connection. */
const END_WAIT_MS = 1000;

export type Listening = { stop(): Promise<void> };

/** Waits for `promise`, END_WAIT_MS at most; the timer is gone either way (it keeps no process up). */
async function atMost(promise: Promise<unknown> | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, END_WAIT_MS)))]);
  clearTimeout(timer);
}

type Client = import('pg').Client;

/**
 * Listens on a PostgreSQL notification channel for as long as the process runs, on a connection
 * of its own (a pool's connections come and go, and LISTEN belongs to one), with TCP keep-alive so
 * that a link that died quietly is noticed. A lost connection is opened again, after 0.5 s, then
 * twice as long each time up to 30 s. `onNotify` is called for each notification on the channel,
 * and also each time the LISTEN has started: a notification sent before it (while the app started,
 * or while the connection was gone) was never heard, so one is made up.
 */
export function listenPostgres(url: string, channel: string, onNotify: () => void, { retryMs = FIRST_RETRY_MS } = {}): Listening {
  let stopped = false;
  let current: Client | undefined;
  let connecting: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wait = retryMs;

  const again = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connecting = attempt();
    }, wait);
    wait = Math.min(wait * 2, MAX_RETRY_MS);
  };

  /** Ends a connection, waiting at most END_WAIT_MS for the server (a dead link never answers). */
  const end = async (client: Client) => {
    await atMost(client.end().catch(() => undefined));
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  };

  async function connect() {
    const { Client } = await import('pg');
    if (stopped) return;
    const client = new Client({ connectionString: url, keepAlive: true });
    current = client;
    let lost = false;
    const onLost = (error?: Error & { code?: string }) => {
      if (lost) return;
      lost = true;
      if (!stopped) logEvent('warn', 'notification_listener_lost', { channel, ...(error && { code: error.code, message: error.message }) });
      client.removeAllListeners('notification');
      void end(client);
      again();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await client.connect();
      // The channel is ours, not a participant's input: quoted as an identifier all the same.
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      onLost(error as Error & { code?: string });
      return;
    }
    if (stopped) return;
    wait = retryMs;
    onNotify();
  }

  /** A connection tried; what fails before the client has its own handlers (loading pg, a URL it cannot read) is told and tried again too. */
  function attempt(): Promise<void> {
    return connect().catch((error: Error & { code?: string }) => {
      if (stopped) return;
      logEvent('warn', 'notification_listener_lost', { channel, code: error.code, message: error.message });
      again();
    });
  }

  connecting = attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A connection being opened is ended once it is (or has failed); then whatever is left.
      const opening = connecting;
      const client = current;
      if (client) await end(client);
      await atMost(opening);
      if (current && current !== client) await end(current);
    },
  };
}
