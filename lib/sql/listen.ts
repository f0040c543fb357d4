import { logEvent } from '@/lib/log/logger';

/** The first wait before connecting again, doubled after each failure up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

export type Listening = { stop(): Promise<void> };

/**
 * Listens on a PostgreSQL notification channel for as long as the process runs, on a connection
 * of its own (a pool's connections come and go, and LISTEN belongs to one). A lost connection is
 * opened again, after 0.5 s, then twice as long each time up to 30 s; since notifications sent
 * meanwhile are lost, `onNotify` is called once the connection is back, as if one had come.
 */
export function listenPostgres(url: string, channel: string, onNotify: () => void, { retryMs = FIRST_RETRY_MS } = {}): Listening {
  let stopped = false;
  let current: import('pg').Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wait = retryMs;
  let connectedBefore = false;

  const again = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    wait = Math.min(wait * 2, MAX_RETRY_MS);
  };

  async function connect() {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: url });
    current = client;
    let lost = false;
    const onLost = (error?: Error & { code?: string }) => {
      if (lost) return;
      lost = true;
      if (!stopped) logEvent('warn', 'notification_listener_lost', { channel, ...(error && { code: error.code, message: error.message }) });
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
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
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    wait = retryMs;
    if (connectedBefore) onNotify();
    connectedBefore = true;
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current?.end().catch(() => undefined);
    },
  };
}
