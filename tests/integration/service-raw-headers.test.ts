import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RawVisitHeaders, visitHeaders } from '../../electron/service/redirect/raw-headers.js';

/*
 * The direct redirect reads a visit's headers from rawHeaders (raw-headers.ts) instead of
 * request.headers: the values must be node:http's own, whatever the case of the names and
 * however often a header repeats. Sent over a raw socket (a client library would merge them).
 */
let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

function roundTrip(
  rawRequest: string,
  countryHeader: string,
): Promise<{ fromRaw: unknown; fromNode: unknown }> {
  return new Promise((resolve, reject) => {
    server = createServer((req: IncomingMessage, res) => {
      const raw = new RawVisitHeaders(countryHeader).read(req.rawHeaders);
      const { userAgent, country, acceptLanguage, referer, host } = raw;
      resolve({
        fromRaw: { userAgent, country, acceptLanguage, referer, host },
        fromNode: { ...visitHeaders(req.headers, countryHeader), host: req.headers.host },
      });
      res.end();
    });
    server.listen(0, '127.0.0.1', () => {
      const socket = connect((server?.address() as AddressInfo).port, '127.0.0.1', () =>
        socket.end(rawRequest),
      );
      socket.on('error', reject);
      socket.resume();
    });
  });
}

describe('a visit headers read from rawHeaders', () => {
  const cases: [string, string, string][] = [
    [
      'plain',
      'cf-ipcountry',
      'Host: a.example\r\nUser-Agent: UA/1\r\nAccept-Language: de\r\nCF-IPCountry: DE\r\nReferer: https://r.example/\r\n',
    ],
    [
      'names in any case',
      'cf-ipcountry',
      'hOsT: a.example\r\nuser-agent: UA/1\r\nACCEPT-LANGUAGE: de\r\ncf-IPcountry: DE\r\nREFERER: https://r.example/\r\n',
    ],
    [
      'repeats: host, agent and referrer keep the first; languages and country are joined',
      'cf-ipcountry',
      'Host: a.example\r\nHost: b.example\r\nUser-Agent: UA/1\r\nUser-Agent: UA/2\r\nAccept-Language: de\r\nAccept-Language: fr\r\nCF-IPCountry: DE\r\nCF-IPCountry: FR\r\nReferer: https://r.example/\r\nReferer: https://s.example/\r\n',
    ],
    ['missing headers', 'cf-ipcountry', 'Host: a.example\r\n'],
    [
      'a country header of another name',
      'x-country-code',
      'Host: a.example\r\nCF-IPCountry: DE\r\nX-Country-Code: FR\r\nX-Country-Code: GB\r\n',
    ],
    [
      'a country header node:http keeps the first of',
      'from',
      'Host: a.example\r\nFrom: DE\r\nFrom: FR\r\n',
    ],
  ];
  for (const [name, countryHeader, headers] of cases) {
    it(`gives what request.headers gives: ${name}`, async () => {
      const { fromRaw, fromNode } = await roundTrip(
        `GET /x HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`,
        countryHeader,
      );
      expect(fromRaw).toEqual(fromNode);
    });
  }
});
