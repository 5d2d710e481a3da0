import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { isLasting, neverSent } from '../../../electron/backend/api/transport.js';
import {
  chromiumFetch,
  ChromiumNetError,
  type ChromiumFetch,
} from '../../../electron/backend/net/chromium-fetch.js';
import { clientWith, failure, fixture, TEST_KEY } from './support/recorded-fetch.js';

/** A stand-in for Electron's net.fetch: records what it was given, answers as scripted. */
function fakeNetFetch(...answers: (Response | Error)[]) {
  const seen: { input: string | Request; init: RequestInit | undefined }[] = [];
  const netFetch: ChromiumFetch = async (input, init) => {
    seen.push({ input, init });
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    if (!answer) throw new Error('No answer scripted');
    return answer;
  };
  return { netFetch, seen };
}

const json = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'application/json' } });

describe('chromiumFetch (the adapter on net.fetch)', () => {
  it('sends no cookies and skips the HTTP cache, and gives net.fetch a string for a URL', async () => {
    const { netFetch, seen } = fakeNetFetch(json('{}'));
    await chromiumFetch(netFetch)(new URL('https://s.example.com/api/account'), {
      method: 'GET',
      redirect: 'manual',
    });
    expect(seen[0]?.input).toBe('https://s.example.com/api/account');
    expect(seen[0]?.init).toMatchObject({
      method: 'GET',
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
    });
  });

  it("turns Chromium's rejection into Node's shape: TypeError('fetch failed') caused by the net error", async () => {
    const { netFetch } = fakeNetFetch(new Error('net::ERR_PROXY_CONNECTION_FAILED'));
    const error = await failure(chromiumFetch(netFetch)('https://s.example.com/api/account'));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    const cause = error.cause as ChromiumNetError;
    expect(cause).toBeInstanceOf(ChromiumNetError);
    expect(cause.code).toBe('net::ERR_PROXY_CONNECTION_FAILED');
  });

  it('passes an abort on unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const { netFetch } = fakeNetFetch(new DOMException('aborted', 'AbortError'));
    const error = await failure(
      chromiumFetch(netFetch)('https://s.example.com/', { signal: controller.signal }),
    );
    expect(error.name).toBe('AbortError');
  });
});

describe('the API client on the adapter', () => {
  const clientOn = (...answers: (Response | Error)[]) => {
    const fake = fakeNetFetch(...answers);
    return { client: clientWith(chromiumFetch(fake.netFetch)), seen: fake.seen };
  };

  it('works as on Node', async () => {
    const { client } = clientOn(json(fixture('account.json')));
    expect((await client.account.get()).email).toEqual(expect.any(String));
  });

  it('says the proxy refused, keeps the code offline, and does not retry at once', async () => {
    const { client, seen } = clientOn(new Error('net::ERR_PROXY_CONNECTION_FAILED'));
    const error = await failure(client.links.list());
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error.code).toBe('offline');
    expect(error.message).toMatch(
      /^The proxy refused the connection \(net::ERR_PROXY_CONNECTION_FAILED, while /,
    );
    expect(error.details).toMatchObject({
      network: { kind: 'proxy-refused', lasting: true, neverSent: true },
    });
    expect(isLasting(error as unknown as ApiClientError)).toBe(true);
    // A GET is otherwise tried three times: a proxy will say the same thing a second later.
    expect(seen).toHaveLength(1);
  });

  it('says the certificate is not trusted; a POST that never left counts as not sent', async () => {
    const { client, seen } = clientOn(new Error('net::ERR_CERT_AUTHORITY_INVALID'));
    const error = (await failure(
      client.links.create({ url: 'https://example.com' }),
    )) as unknown as ApiClientError;
    expect(error.code).toBe('offline');
    expect(error.message).toContain('is not trusted by this computer');
    expect(error.message).toContain('its root certificate must be installed in the system');
    expect(neverSent(error)).toBe(true);
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(error.toInfo())).not.toContain(TEST_KEY);
  });

  it('retries a GET after a name or refusal failure as before, and names the host', async () => {
    const { client, seen } = clientOn(
      new Error('net::ERR_NAME_NOT_RESOLVED'),
      json(fixture('account.json')),
    );
    await client.account.get();
    expect(seen).toHaveLength(2);
    const again = clientOn(new Error('net::ERR_NAME_NOT_RESOLVED'));
    const error = await failure(again.client.account.get());
    expect(error).toMatchObject({ code: 'offline' });
    expect(error.message).toMatch(/^The name short\.example\.com could not be found/);
    expect(again.seen).toHaveLength(3);
  });

  it('reports a redirect it may not follow as the redirect it is (remote-error, as on Node)', async () => {
    const { client } = clientOn(new Error('Redirect was cancelled'));
    const error = await failure(client.account.get());
    expect(error.code).toBe('remote-error');
    expect(error.message).toMatch(/^The service redirected the request/);
  });

  it('takes an HTTP 407 for the proxy asking for a sign-in: offline, not a refusal of the call', async () => {
    const { client } = clientOn(new Response('<html>Proxy login</html>', { status: 407 }));
    const error = (await failure(
      client.links.create({ url: 'https://example.com' }),
    )) as unknown as ApiClientError;
    expect(error.code).toBe('offline');
    expect(error.status).toBe(407);
    expect(error.message).toMatch(/^The proxy needs a sign-in Linkdeck cannot give/);
    expect(neverSent(error)).toBe(true);
  });

  it('keeps an unknown net error as offline with its code in the words', async () => {
    const { client } = clientOn(new Error('net::ERR_SOMETHING_NEW'));
    const error = await failure(client.account.get());
    expect(error.code).toBe('offline');
    expect(error.message).toBe(
      'Could not reach the service at short.example.com (net::ERR_SOMETHING_NEW) while reading the account. Check the connection and the base URL.',
    );
  });
});
