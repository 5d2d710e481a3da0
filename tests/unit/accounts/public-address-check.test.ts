import { describe, expect, it } from 'vitest';
import { answeredByOther, checkProblem, checkPublicAddress } from '../../../electron/backend/accounts/public-address-check.js';
import { createOutboundPolicy } from '../../../electron/backend/net/outbound-address-policy.js';
import { OutboundRefused, type Outbound } from '../../../electron/backend/net/outbound-request.js';

const ADDRESS = 'https://go.example.com';
const err = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('the public address check says what failed', () => {
  it.each([
    [err('ENOTFOUND'), /The name go\.example\.com was not found \(DNS\)/],
    [err('EAI_AGAIN'), /\(DNS\)/],
    [err('CERT_HAS_EXPIRED'), /secure connection to go\.example\.com failed \(TLS: CERT_HAS_EXPIRED\)/],
    [err('ERR_TLS_CERT_ALTNAME_INVALID'), /\(TLS: ERR_TLS_CERT_ALTNAME_INVALID\).*another name/],
    [err('DEPTH_ZERO_SELF_SIGNED_CERT'), /\(TLS: DEPTH_ZERO_SELF_SIGNED_CERT\): its certificate is self-signed, which other computers do not trust/],
    [err('SELF_SIGNED_CERT_IN_CHAIN'), /self-signed/],
    [err('CERT_HAS_EXPIRED'), /: its certificate has expired\. Renew it\.$/],
    [err('EPROTO'), /\(TLS: EPROTO\): https was spoken to a port that answers plain http\./],
    [err('ERR_SSL_WRONG_VERSION_NUMBER'), /https was spoken to a port that answers plain http/],
    [err('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), /an authority this computer does not trust, or the chain is incomplete/],
    [err('ECONNREFUSED'), /go\.example\.com refused the connection/],
    [Object.assign(new Error('timed out'), { name: 'TimeoutError' }), /did not answer within 10 s/],
    [err('ECONNRESET'), /closed the connection before answering/],
    [new Error('socket hang up', { cause: err('ECONNREFUSED') }), /refused the connection/],
  ])('%s', (error, words) => {
    expect(checkProblem(error, ADDRESS, 10_000)).toMatch(words);
  });

  it('names a refusal by the outbound rules as such', () => {
    const refused = new OutboundRefused({ address: '169.254.169.254', kind: 'cloud-metadata', rule: 'never' }, 'go.example.com');
    expect(checkProblem(refused, ADDRESS, 10_000)).toMatch(/The check was not sent/);
  });

  it('calls an answer without the token another server', () => {
    expect(answeredByOther(ADDRESS, 404)).toMatch(/answered \(HTTP 404\), but not as this workspace: another server/);
  });

  it('reads 502, 503 and 504 as the person\'s proxy not reaching the workspace, naming where it listens', () => {
    for (const status of [502, 503, 504]) {
      expect(answeredByOther(ADDRESS, status, '127.0.0.1:4100')).toBe(
        `https://go.example.com answered HTTP ${status}: your proxy cannot reach the workspace at 127.0.0.1:4100. Check that it forwards to 127.0.0.1:4100, and that Linkdeck runs on this computer.`,
      );
    }
  });

  const outboundAnswering = (status: number, body: string): Outbound => ({
    policy: createOutboundPolicy(),
    resolve: async () => ({ address: '203.0.113.5', family: 4 }),
    request: async (url) => ({ status, headers: {}, body: Buffer.from(body.replace('$TOKEN', String(url).split('/').pop() ?? '')), truncated: false, address: '203.0.113.5' }),
  });

  it('is verified only when the token comes back', async () => {
    const issueToken = async () => 'tok-123';
    expect(await checkPublicAddress({ address: ADDRESS, issueToken, outbound: outboundAnswering(200, '$TOKEN\n') })).toEqual({ verified: true, problem: null });
    expect(await checkPublicAddress({ address: ADDRESS, issueToken, outbound: outboundAnswering(200, 'hello') })).toMatchObject({ verified: false, problem: expect.stringMatching(/HTTP 200.*another server/) });
  });

  it('says when the workspace itself could not hand out a token', async () => {
    const result = await checkPublicAddress({ address: ADDRESS, issueToken: async () => Promise.reject(new Error('HTTP 401')), outbound: outboundAnswering(200, '') });
    expect(result).toEqual({ verified: false, problem: expect.stringMatching(/did not hand out a check token \(HTTP 401\)/) });
  });
});
