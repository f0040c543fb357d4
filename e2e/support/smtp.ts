import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test's own process (the smtp-server package), so that tests see what
 * the app really sent: every mail that arrives is parsed (mailparser) and kept. 'refuse' answers
 * every recipient with a 550, as a server does that will not take the mail; 'defer' with a 451,
 * as a server does that says "try later" (greylisting, a full queue). Used by the jest
 * integration tests of the e-mail step and by the journeys (e2e/group/email.spec.ts).
 */
export type ReceivedMail = { from: string; to: string[]; parsed: ParsedMail; text: string; subject: string };

export type SmtpMode = 'accept' | 'refuse' | 'defer';

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** 'accept' (default), 'refuse' (550 for every recipient) or 'defer' (451 for every recipient). */
  mode: SmtpMode;
  /** How many SMTP connections were opened to it so far. */
  readonly connections: number;
  /** Resolves with the first mail to this address that arrives (or has arrived). */
  mailTo: (address: string, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export async function startSmtpServer(port = 0, host = '127.0.0.1'): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiting: Array<{ address: string; resolve: (mail: ReceivedMail) => void }> = [];
  const state: { mode: SmtpMode; connections: number } = { mode: 'accept', connections: 0 };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (state.mode === 'accept') return callback();
      const refusal =
        state.mode === 'defer'
          ? Object.assign(new Error('4.7.1 Greylisted, please try again later'), { responseCode: 451 })
          : Object.assign(new Error('5.7.1 Relaying denied'), { responseCode: 550 });
      return callback(refusal);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            parsed,
            text: parsed.text ?? '',
            subject: parsed.subject ?? '',
          };
          received.push(mail);
          for (const waiter of [...waiting]) {
            if (mail.to.includes(waiter.address)) {
              waiting.splice(waiting.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.server.address() as net.AddressInfo).port;

  return {
    port: bound,
    url: `smtp://${host}:${bound}`,
    received,
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    get connections() {
      return state.connections;
    },
    mailTo(address, timeoutMs = 10_000) {
      const arrived = received.find((mail) => mail.to.includes(address));
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const waiter = { address, resolve: (mail: ReceivedMail) => (clearTimeout(timer), resolve(mail)) };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no mail to ${address} arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on which nothing listens (taken and given back): an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A server that takes the connection and then says nothing: a hung SMTP server. */
export async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
