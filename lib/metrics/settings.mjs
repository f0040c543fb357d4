// Plain JavaScript: server.mjs reads these before anything is compiled (see settings.d.mts).
/**
 * Where the metrics are served (docs/operations.md#metrics): METRICS_PORT turns them on, on a port
 * of their own that is never the app's; METRICS_HOST is the address that port listens on (loopback
 * by default, so that only this host can read them); METRICS_TOKEN, when set, is the bearer token
 * every scrape must send. lib/config/schema.ts checks the same variables with these functions.
 */

export const DEFAULT_METRICS_HOST = '127.0.0.1';

/** A port number as the variable may spell it: digits only, 1 to 65535 (0 would be a port nobody knows). */
export function metricsPortProblem(text) {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) return `must be an integer from 1 to 65535 (the port the metrics are served on); it is '${text}'`;
  return undefined;
}

/** A host name or an IP address to listen on: no scheme, no port, no path. */
export function metricsHostProblem(text) {
  if (!/^[A-Za-z0-9:][A-Za-z0-9.:-]{0,252}$/.test(text)) {
    return `must be an address or host name to listen on (127.0.0.1, ::1, 0.0.0.0, a name), without scheme, brackets or port; it is '${text}'`;
  }
  return undefined;
}

/**
 * A bearer token as RFC 6750 allows it (token68), long enough not to be guessed. The message never
 * quotes the value: it is a secret.
 */
export function metricsTokenProblem(text) {
  if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(text)) return 'must be a bearer token: letters, digits and - . _ ~ + / (then = padding), no spaces';
  if (text.length < 16) return `must be at least 16 characters long (it has ${text.length}): anyone who reaches the port could guess a shorter one`;
  return undefined;
}

/**
 * The metrics settings, or undefined while METRICS_PORT is unset (metrics off: nothing is counted,
 * nothing listens). Throws with the message a wrong setting stops the start with, its variable
 * and problem also apart (error.variable, error.problem).
 * @param {Record<string, string | undefined>} env
 * @param {number} appPort the port the app itself serves on (-p or PORT)
 * @returns {{ port: number, host: string, token: string | undefined } | undefined}
 */
export function metricsSettings(env, appPort) {
  const set = (name) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const portText = set('METRICS_PORT');
  const host = set('METRICS_HOST');
  const token = set('METRICS_TOKEN');
  // The variable and the problem apart too, for lib/config/schema.ts.
  const wrong = (variable, problem) => Object.assign(new Error(`Invalid configuration: ${variable}: ${problem}`), { variable, problem });
  if (portText === undefined) {
    const orphan = host !== undefined ? 'METRICS_HOST' : token !== undefined ? 'METRICS_TOKEN' : undefined;
    if (orphan) throw wrong(orphan, 'is set, but METRICS_PORT is not: metrics are off. Set METRICS_PORT to serve them, or unset it');
    return undefined;
  }
  const portProblem = metricsPortProblem(portText);
  if (portProblem) throw wrong('METRICS_PORT', portProblem);
  const port = Number(portText);
  if (port === appPort) throw wrong('METRICS_PORT', `must differ from the app's port ${appPort} (PORT or -p): metrics are never served on the public port`);
  const hostProblem = host === undefined ? undefined : metricsHostProblem(host);
  if (hostProblem) throw wrong('METRICS_HOST', hostProblem);
  const tokenProblem = token === undefined ? undefined : metricsTokenProblem(token);
  if (tokenProblem) throw wrong('METRICS_TOKEN', tokenProblem);
  return { port, host: host ?? DEFAULT_METRICS_HOST, token };
}

/** Whether an address to listen on is this host's alone (only local processes can connect). */
export function isLoopbackHost(host) {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
