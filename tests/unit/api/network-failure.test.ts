import { describe, expect, it } from 'vitest';
import {
  classifyNetworkFailure,
  describeNetworkFailure,
  type NetworkFailureKind,
} from '../../../electron/backend/net/network-failure.js';

/** What Node's fetch rejects with: the code hides in the cause. */
const nodeFailure = (code: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(`x ${code}`), { code }) });
/** What Electron's net.fetch rejects with: Chromium's net error as the message. */
const chromiumFailure = (name: string) => new Error(`net::${name}`);

describe('classifyNetworkFailure: Chromium (net.fetch)', () => {
  it.each<[string, NetworkFailureKind, boolean]>([
    ['ERR_PROXY_CONNECTION_FAILED', 'proxy-refused', true],
    ['ERR_TUNNEL_CONNECTION_FAILED', 'proxy-tunnel', true],
    ['ERR_PROXY_AUTH_REQUESTED', 'proxy-auth', true],
    ['ERR_MANDATORY_PROXY_CONFIGURATION_FAILED', 'proxy-config', true],
    ['ERR_PROXY_CERTIFICATE_INVALID', 'proxy', true],
    ['ERR_CERT_AUTHORITY_INVALID', 'certificate-untrusted', true],
    ['ERR_CERT_DATE_INVALID', 'certificate-expired', true],
    ['ERR_CERT_COMMON_NAME_INVALID', 'certificate-name', true],
    ['ERR_CERT_REVOKED', 'certificate', true],
    ['ERR_SSL_PROTOCOL_ERROR', 'tls', true],
    ['ERR_NAME_NOT_RESOLVED', 'name-not-found', false],
    ['ERR_CONNECTION_REFUSED', 'refused', false],
    ['ERR_INTERNET_DISCONNECTED', 'disconnected', false],
    ['ERR_TIMED_OUT', 'timed-out', false],
    ['ERR_CONNECTION_RESET', 'closed', false],
    ['ERR_ADDRESS_UNREACHABLE', 'unreachable', false],
    ['ERR_NETWORK_ACCESS_DENIED', 'blocked', true],
    ['ERR_UNSAFE_PORT', 'unsafe-port', true],
  ])('%s is %s (lasting: %s)', (name, kind, lasting) => {
    expect(classifyNetworkFailure(chromiumFailure(name))).toMatchObject({
      kind,
      code: `net::${name}`,
      lasting,
    });
  });

  it('finds the code in the cause chain (as the adapter wraps it)', () => {
    const wrapped = new TypeError('fetch failed', {
      cause: new Error('net::ERR_CERT_AUTHORITY_INVALID'),
    });
    expect(classifyNetworkFailure(wrapped)?.kind).toBe('certificate-untrusted');
  });

  it('knows a cancelled manual redirect, and keeps an unknown net error with its code', () => {
    expect(classifyNetworkFailure(new Error('Redirect was cancelled'))?.kind).toBe('redirect');
    expect(classifyNetworkFailure(chromiumFailure('ERR_SOMETHING_NEW'))).toEqual({
      kind: 'other',
      code: 'net::ERR_SOMETHING_NEW',
      lasting: false,
      neverSent: false,
    });
  });

  it('says which failures happened before the request left', () => {
    expect(classifyNetworkFailure(chromiumFailure('ERR_CONNECTION_REFUSED'))?.neverSent).toBe(true);
    expect(classifyNetworkFailure(chromiumFailure('ERR_CERT_AUTHORITY_INVALID'))?.neverSent).toBe(
      true,
    );
    expect(classifyNetworkFailure(chromiumFailure('ERR_CONNECTION_TIMED_OUT'))?.neverSent).toBe(
      true,
    );
    // The request may have been sent and the answer lost.
    expect(classifyNetworkFailure(chromiumFailure('ERR_TIMED_OUT'))?.neverSent).toBe(false);
    expect(classifyNetworkFailure(chromiumFailure('ERR_CONNECTION_RESET'))?.neverSent).toBe(false);
  });
});

describe("classifyNetworkFailure: Node's fetch", () => {
  it.each<[string, NetworkFailureKind]>([
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'certificate-untrusted'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'certificate-untrusted'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'certificate-untrusted'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'certificate-untrusted'],
    ['CERT_HAS_EXPIRED', 'certificate-expired'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'certificate-name'],
    ['CERT_REVOKED', 'certificate'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['ENOTFOUND', 'name-not-found'],
    ['EAI_AGAIN', 'name-not-found'],
    ['ECONNREFUSED', 'refused'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timed-out'],
    ['ECONNRESET', 'closed'],
    ['EHOSTUNREACH', 'unreachable'],
  ])('%s is %s', (code, kind) => {
    expect(classifyNetworkFailure(nodeFailure(code))).toMatchObject({ kind, code });
  });

  it('looks inside an AggregateError (both addresses of a dual-stack host refused)', () => {
    const both = new TypeError('fetch failed', {
      cause: new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'x'),
    });
    expect(classifyNetworkFailure(both)?.kind).toBe('refused');
  });

  it("knows the fetch standard's bad ports, which Node's fetch refuses before connecting", () => {
    const badPort = new TypeError('fetch failed', { cause: new Error('bad port') });
    expect(classifyNetworkFailure(badPort)).toEqual({
      kind: 'unsafe-port',
      code: 'bad port',
      lasting: true,
      neverSent: true,
    });
  });

  it('is undefined for what is no network failure', () => {
    expect(classifyNetworkFailure(new Error('a bug'))).toBeUndefined();
    expect(classifyNetworkFailure(new TypeError('fetch failed'))).toBeUndefined();
    expect(classifyNetworkFailure(undefined)).toBeUndefined();
  });
});

describe('describeNetworkFailure', () => {
  const words = (error: Error) => {
    const failure = classifyNetworkFailure(error);
    if (!failure) throw new Error('not a network failure');
    return describeNetworkFailure(failure, 's.example.com', 'listing links');
  };

  it('names the proxy, with the code and what Linkdeck was doing', () => {
    expect(words(chromiumFailure('ERR_PROXY_CONNECTION_FAILED'))).toBe(
      'The proxy refused the connection (net::ERR_PROXY_CONNECTION_FAILED, while listing links). Check the proxy settings of this computer (the ones your browser uses), or ask whoever runs your network.',
    );
    expect(words(chromiumFailure('ERR_PROXY_AUTH_REQUESTED'))).toMatch(
      /^The proxy needs a sign-in Linkdeck cannot give \(net::ERR_PROXY_AUTH_REQUESTED, while listing links\)\./,
    );
    expect(words(chromiumFailure('ERR_TUNNEL_CONNECTION_FAILED'))).toMatch(
      /^The proxy refused the connection to s\.example\.com/,
    );
  });

  it('says an untrusted certificate is not trusted by this computer, from either stack', () => {
    const expected =
      'The certificate of the service at s.example.com is not trusted by this computer (CODE, while listing links). If your company inspects traffic, its root certificate must be installed in the system.';
    expect(words(chromiumFailure('ERR_CERT_AUTHORITY_INVALID'))).toBe(
      expected.replace('CODE', 'net::ERR_CERT_AUTHORITY_INVALID'),
    );
    expect(words(nodeFailure('SELF_SIGNED_CERT_IN_CHAIN'))).toBe(
      expected.replace('CODE', 'SELF_SIGNED_CERT_IN_CHAIN'),
    );
  });

  it('names the host that could not be found, and the service that refused', () => {
    expect(words(chromiumFailure('ERR_NAME_NOT_RESOLVED'))).toMatch(
      /^The name s\.example\.com could not be found \(net::ERR_NAME_NOT_RESOLVED, while listing links\)\./,
    );
    expect(words(nodeFailure('ENOTFOUND'))).toMatch(/^The name s\.example\.com could not be found/);
    expect(words(nodeFailure('ECONNREFUSED'))).toMatch(
      /^The service at s\.example\.com refused the connection \(ECONNREFUSED, while listing links\)\./,
    );
  });

  it('has words for every kind', () => {
    const kinds: NetworkFailureKind[] = [
      'proxy-refused',
      'proxy-tunnel',
      'proxy-auth',
      'proxy-config',
      'proxy',
      'certificate-untrusted',
      'certificate-expired',
      'certificate-name',
      'certificate',
      'tls',
      'name-not-found',
      'refused',
      'disconnected',
      'timed-out',
      'closed',
      'unreachable',
      'blocked',
      'unsafe-port',
      'redirect',
      'other',
    ];
    for (const kind of kinds) {
      const text = describeNetworkFailure(
        { kind, code: 'X', lasting: false, neverSent: false },
        'h',
        'w',
      );
      expect(text, kind).toMatch(/^[A-Z].*\.$/);
      expect(text, kind).toContain('while w');
    }
  });
});
