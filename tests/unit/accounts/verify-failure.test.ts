import { describe, expect, it } from 'vitest';
import { networkReason, verifyFailure } from '../../../electron/backend/accounts/index.js';

const URL_ = 'https://links.example.com';
const KEY = 'sk_live_abcdefghijklmnopqrstuvwxyz';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

describe('verifyFailure', () => {
  it('maps typed errors and HTTP statuses to the contract codes', () => {
    expect(verifyFailure(withCode('unauthorized'), URL_, KEY).code).toBe('unauthorized');
    expect(verifyFailure(Object.assign(new Error('x'), { status: 403 }), URL_, KEY).code).toBe(
      'unauthorized',
    );
    expect(verifyFailure(withCode('rate-limited'), URL_, KEY).code).toBe('rate-limited');
    expect(verifyFailure(withCode('offline', 'timeout'), URL_, KEY).code).toBe('offline');
    const notApi = verifyFailure(Object.assign(new Error('Not Found'), { status: 404 }), URL_, KEY);
    expect(notApi.code).toBe('remote-error');
    expect(notApi.message).toMatch(/not like a link service/);
    const other = verifyFailure(withCode('remote-error', 'Bad Gateway'), URL_, KEY);
    expect(other).toMatchObject({
      code: 'remote-error',
      message: `The service at ${URL_} could not check the key: Bad Gateway`,
    });
  });

  it("keeps the API client's words for a proxy or certificate failure", () => {
    const words =
      'The certificate of the service at links.example.com is not trusted by this computer (net::ERR_CERT_AUTHORITY_INVALID). If your company inspects traffic, its root certificate must be installed in the system.';
    const error = Object.assign(new Error(words), { code: 'offline', details: { network: { kind: 'certificate-untrusted' } } });
    expect(verifyFailure(error, URL_, KEY)).toMatchObject({ code: 'offline', message: words });
  });

  it('finds the network reason in fetch failures, however deep', () => {
    const cases: Array<[unknown, string]> = [
      [fetchFailed(withCode('ECONNREFUSED')), 'connection refused'],
      [fetchFailed(withCode('ENOTFOUND')), 'the host name could not be found'],
      [
        fetchFailed(Object.assign(new AggregateError([withCode('ECONNREFUSED')], 'x'))),
        'connection refused',
      ],
      [fetchFailed(withCode('UND_ERR_CONNECT_TIMEOUT')), 'no answer in time'],
      [Object.assign(new Error('aborted'), { name: 'TimeoutError' }), 'no answer in time'],
      [
        Object.assign(new Error('The service did not answer'), {
          code: 'offline',
          details: { timeout: true },
        }),
        'no answer in time',
      ],
      [
        fetchFailed(withCode('DEPTH_ZERO_SELF_SIGNED_CERT')),
        'its security certificate was not accepted',
      ],
      [
        fetchFailed(withCode('ERR_SSL_WRONG_VERSION_NUMBER')),
        'the secure connection failed (does the service use http:// rather than https://?)',
      ],
      [fetchFailed(new Error('something odd')), 'the network request failed'],
    ];
    for (const [error, reason] of cases) {
      expect(networkReason(error)).toBe(reason);
      expect(verifyFailure(error, URL_, KEY).message).toBe(
        `Could not reach ${URL_}: ${reason}. Check the address.`,
      );
    }
    expect(networkReason(new Error('plain'))).toBeNull();
  });

  it('survives a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(networkReason(a)).toBeNull();
  });

  it('never repeats the key, even when the foreign error does', () => {
    const error = verifyFailure(new Error(`server said: key ${KEY} is malformed`), URL_, KEY);
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('[redacted]');
    expect(JSON.stringify(error.details)).not.toContain(KEY);
  });
});
