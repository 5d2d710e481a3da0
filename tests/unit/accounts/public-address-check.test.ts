import { describe, expect, it } from 'vitest';
import { answeredByOther, checkProblem, checkPublicAddress, proxyCannotReach } from '../../../electron/backend/accounts/public-address-check.js';
import { createOutboundPolicy } from '../../../electron/backend/net/outbound-address-policy.js';
import { OutboundRefused, type Outbound } from '../../../electron/backend/net/outbound-request.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { KeyedError } from '../../../electron/shared/keyed-error.js';
import { msg, renderMessage } from '../../../electron/shared/message-ref.js';

const ADDRESS = 'https://go.example.com';
const err = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('the public address check says what failed', () => {
  it.each([
    [err('ENOTFOUND'), /The name go\.example\.com was not found \(DNS\)/],
    [err('EAI_AGAIN'), /\(DNS\)/],
    [err('CERT_HAS_EXPIRED'), /go\.example\.com’s certificate has expired \(TLS: CERT_HAS_EXPIRED\)/],
    [err('CERT_NOT_YET_VALID'), /not valid yet \(TLS: CERT_NOT_YET_VALID\)/],
    [err('ERR_TLS_CERT_ALTNAME_INVALID'), /made for another name \(TLS: ERR_TLS_CERT_ALTNAME_INVALID\): it must name go\.example\.com/],
    [err('DEPTH_ZERO_SELF_SIGNED_CERT'), /presents a self-signed certificate \(TLS: DEPTH_ZERO_SELF_SIGNED_CERT\)/],
    [err('SELF_SIGNED_CERT_IN_CHAIN'), /self-signed certificate/],
    [err('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), /not signed by an authority this computer trusts.*full chain/],
    // What node says for https to a plain-http port (seen on loopback: OpenSSL 3's record-layer error).
    [err('EPROTO', 'write EPROTO 0A00010B:SSL routines:ssl3_get_record:wrong version number'), /answered the secure \(https\) request in plain http \(TLS: EPROTO\)/],
    [new TypeError('fetch failed', { cause: err('EPROTO', 'ssl3_get_record:wrong version number') }), /in plain http/],
    [err('EPROTO', 'some other handshake failure'), /The secure connection to go\.example\.com failed \(TLS: EPROTO\): some other handshake failure/],
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

  it('reads a 502, 503 or 504 as the person\'s own proxy failing to reach the workspace, naming its port', () => {
    for (const status of [502, 503, 504]) {
      expect(proxyCannotReach(ADDRESS, status, 4100)).toMatch(new RegExp(`HTTP ${status} from your proxy: your proxy cannot reach the workspace at 127\\.0\\.0\\.1:4100`));
    }
    expect(proxyCannotReach(ADDRESS, 502, undefined)).toMatch(/your proxy cannot reach the workspace on this computer/);
  });

  it('calls an answer without the token another server', () => {
    expect(answeredByOther(ADDRESS, 404)).toMatch(/answered \(HTTP 404\), but not as this workspace: another server/);
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
    expect(result).toEqual({ verified: false, problem: expect.stringMatching(/did not hand out a check token \(HTTP 401\)/), problemRef: { key: 'validation.addressCheck.noToken', params: { error: 'HTTP 401' } } });
  });

  it('says a keyed token failure (the service’s HTTP status) inside the sentence, in German as a whole', async () => {
    const issueToken = async () => Promise.reject(new KeyedError(msg('validation.addressCheck.tokenStatus', { status: '401' })));
    const result = await checkPublicAddress({ address: ADDRESS, issueToken, outbound: outboundAnswering(200, '') });
    expect(result.problem).toBe('The workspace’s own service did not hand out a check token (it answered HTTP 401); is it running?');
    expect(renderMessage(result.problemRef!, createTranslator('de', SHARED_MESSAGES))).toBe(
      'Der Dienst des Arbeitsbereichs hat kein Prüf-Token ausgegeben (er antwortete mit HTTP 401). Läuft er?',
    );
  });
});
