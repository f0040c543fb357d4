import { ConfigError, readEnv } from '@/lib/config';
import { isLoopbackHost, metricsSettings } from './settings.mjs';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The message a start stops with (server.mjs), or undefined when the settings are accepted. */
function startMessage(env: Record<string, string>, appPort = 3000): string | undefined {
  try {
    metricsSettings(env, appPort);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The message of the app's configuration (lib/config/schema.ts) for the same variables. */
function configMessage(env: Record<string, string>): string | undefined {
  try {
    readEnv(env);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('metrics settings: off unless METRICS_PORT is set, loopback by default, never the public port', () => {
  it('no METRICS_PORT (or an empty one): metrics are off', () => {
    expect(metricsSettings({}, 3000)).toBeUndefined();
    expect(metricsSettings({ METRICS_PORT: '' }, 3000)).toBeUndefined();
  });

  it('METRICS_PORT alone: that port on 127.0.0.1, no token', () => {
    expect(metricsSettings({ METRICS_PORT: '9464' }, 3000)).toEqual({ port: 9464, host: '127.0.0.1', token: undefined });
  });

  it('METRICS_HOST and METRICS_TOKEN as given', () => {
    expect(metricsSettings({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }, 3000)).toEqual({ port: 9464, host: '0.0.0.0', token: TOKEN });
    expect(metricsSettings({ METRICS_PORT: '9464', METRICS_HOST: '::1' }, 3000)?.host).toBe('::1');
  });

  it.each([
    [{ METRICS_PORT: '3000' }, "Invalid configuration: METRICS_PORT: must differ from the app's port 3000 (PORT or -p): metrics are never served on the public port"],
    [{ METRICS_PORT: 'abc' }, "Invalid configuration: METRICS_PORT: must be an integer from 1 to 65535 (the port the metrics are served on); it is 'abc'"],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT: must be an integer from 1 to 65535'],
    [{ METRICS_PORT: '65536' }, 'METRICS_PORT: must be an integer from 1 to 65535'],
    [{ METRICS_PORT: '9464', METRICS_HOST: 'http://localhost' }, "METRICS_HOST: must be an address or host name to listen on (127.0.0.1, ::1, 0.0.0.0, a name), without scheme, brackets or port; it is 'http://localhost'"],
    [{ METRICS_PORT: '9464', METRICS_HOST: '[::1]' }, 'METRICS_HOST: must be an address or host name'],
    [{ METRICS_PORT: '9464', METRICS_TOKEN: 'short' }, 'METRICS_TOKEN: must be at least 16 characters long (it has 5)'],
    [{ METRICS_PORT: '9464', METRICS_TOKEN: 'has a space in it, long enough' }, 'METRICS_TOKEN: must be a bearer token'],
    [{ METRICS_TOKEN: TOKEN }, 'METRICS_TOKEN: is set, but METRICS_PORT is not: metrics are off. Set METRICS_PORT to serve them, or unset it'],
    [{ METRICS_HOST: '0.0.0.0' }, 'METRICS_HOST: is set, but METRICS_PORT is not'],
  ])('%j stops the start: %s', (env, message) => {
    expect(startMessage(env)).toContain(message);
  });

  it("the app's own port is the one it serves on (-p), whatever PORT says", () => {
    expect(startMessage({ METRICS_PORT: '8080' }, 8080)).toContain("must differ from the app's port 8080");
    expect(startMessage({ METRICS_PORT: '3000' }, 8080)).toBeUndefined();
  });

  it('a wrong token is never quoted', () => {
    const secret = 'not a token but secret';
    expect(startMessage({ METRICS_PORT: '9464', METRICS_TOKEN: secret })).not.toContain(secret);
    expect(configMessage({ METRICS_PORT: '9464', METRICS_TOKEN: secret })).not.toContain(secret);
  });

  it("the app's configuration refuses the same, naming the variable (lib/config/schema.ts)", () => {
    expect(configMessage({ METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN })).toBeUndefined();
    expect(readEnv({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464 });
    expect(configMessage({ METRICS_PORT: '70000' })).toBe("Invalid configuration: METRICS_PORT: must be an integer from 1 to 65535 (the port the metrics are served on); it is '70000'");
    expect(configMessage({ METRICS_PORT: '3000' })).toBe("Invalid configuration: METRICS_PORT: must differ from the app's port 3000 (PORT or -p): metrics are never served on the public port");
    expect(configMessage({ PORT: '8080', METRICS_PORT: '8080' })).toContain("METRICS_PORT: must differ from the app's port 8080");
    expect(configMessage({ PORT: '8080', METRICS_PORT: '3000' })).toBeUndefined();
    expect(configMessage({ METRICS_TOKEN: TOKEN })).toBe('Invalid configuration: METRICS_TOKEN: is set, but METRICS_PORT is not: metrics are off. Set METRICS_PORT to serve them, or unset it');
    expect(configMessage({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toContain('METRICS_TOKEN: must be at least 16 characters long');
    expect(configMessage({ PORT: 'eighty' })).toBe('Invalid configuration: PORT: must be an integer from 0 to 65535');
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['metrics.internal', false],
  ])('%s is this host alone: %s', (host, loopback) => expect(isLoopbackHost(host)).toBe(loopback));
});
