import { describe, expect, it } from 'vitest';
import { envName, FLAGS, readCommandLine, USAGE, UsageError } from '../../../electron/service/cli-options.js';
import { readMetricsListen, readTrustProxy, serverOptions } from '../../../electron/service/cli-server-options.js';

/* The service's command line (issue 32): --help lists every flag, and every mistake names its flag. */

describe('the usage text', () => {
  it('lists every flag the parser accepts, and names no flag it does not', () => {
    for (const name of Object.keys(FLAGS)) expect(USAGE).toMatch(new RegExp(`--${name}\\b`));
    const named = new Set([...USAGE.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]));
    for (const name of named) expect(Object.keys(FLAGS), `--${name} is in the usage text`).toContain(name);
    // The two the issue found missing.
    expect(USAGE).toContain('--public-url <url>');
    expect(USAGE).toContain('--country-header <name>');
  });

  it('names each server flag\'s environment variable', () => {
    expect(USAGE).toContain('[LINKDECK_PUBLIC_URL]');
    expect(USAGE).toContain('[LINKDECK_TRUST_PROXY]');
    expect(envName('keep-alive-timeout')).toBe('LINKDECK_KEEP_ALIVE_TIMEOUT');
  });
});

describe('reading the command line', () => {
  it('takes the server flags from LINKDECK_* variables; the command line wins', () => {
    const env = { LINKDECK_PORT: '4100', LINKDECK_DATA: '/var/lib/linkdeck', LINKDECK_METRICS: 'true', LINKDECK_HOST: '0.0.0.0' };
    const { values } = readCommandLine(['--host', '127.0.0.1'], env);
    expect(values).toMatchObject({ port: '4100', data: '/var/lib/linkdeck', metrics: true, host: '127.0.0.1' });
    // Not for the commands' own flags: an --email from the environment would be a surprise.
    expect(readCommandLine([], { LINKDECK_EMAIL: 'x@y.z' }).values.email).toBeUndefined();
    expect(readCommandLine([], { LINKDECK_METRICS: '0' }).values.metrics).toBeUndefined();
  });

  it('refuses a boolean variable that is neither true nor false, naming it', () => {
    expect(() => readCommandLine([], { LINKDECK_METRICS: 'maybe' })).toThrow(new UsageError('LINKDECK_METRICS must be true or false, not "maybe".'));
  });

  it('turns parseArgs\' own errors into usage errors', () => {
    expect(() => readCommandLine(['--bogus'])).toThrow(UsageError);
  });
});

describe('server flags', () => {
  it('--trust-proxy takes addresses, CIDR ranges and proxy-addr\'s names, and names itself for anything else', () => {
    expect(readTrustProxy('127.0.0.1, 10.0.0.0/8,::1,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(() => readTrustProxy('nginx')).toThrow(/^--trust-proxy: "nginx" is not an address or CIDR range\./);
    expect(() => readTrustProxy('10.0.0.0/99')).toThrow(/^--trust-proxy: "10\.0\.0\.0\/99"/);
    expect(() => readTrustProxy(' , ')).toThrow(/^--trust-proxy needs at least one address/);
  });

  it('--metrics-listen takes host:port, [v6]:port and :port (loopback), and names itself otherwise', () => {
    expect(readMetricsListen('0.0.0.0:9464')).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(readMetricsListen('[::1]:9464')).toEqual({ host: '::1', port: 9464 });
    expect(readMetricsListen(':9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    for (const bad of ['9464', 'localhost', '1.2.3.4:99999', '[::1:9464']) expect(() => readMetricsListen(bad)).toThrow(/^--metrics-listen must be/);
  });

  it('--metrics puts /metrics on the service port; --metrics-listen moves it off', () => {
    expect(serverOptions({ metrics: true }, '/d').metrics).toEqual({ servicePort: true });
    expect(serverOptions({ 'metrics-listen': '127.0.0.1:9464' }, '/d').metrics).toEqual({ servicePort: false, listen: { host: '127.0.0.1', port: 9464 } });
    expect(serverOptions({}, '/d').metrics).toBeUndefined();
  });

  it('--public-url must be an http(s) address', () => {
    expect(serverOptions({ 'public-url': 'https://go.example.com' }, '/d').publicUrl).toBe('https://go.example.com');
    expect(() => serverOptions({ 'public-url': 'go.example.com' }, '/d')).toThrow(/^--public-url must be the http\(s\) address people open/);
  });
});
