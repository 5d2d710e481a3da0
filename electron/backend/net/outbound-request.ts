/**
 * Requests to addresses other people wrote, under the outbound rules
 * (outbound-address-policy.ts): the host is resolved once, every address it resolves to is
 * checked, and the connection goes to the checked address. Node's `http(s).request` is given a
 * `lookup` that answers only that address, so no second DNS query can happen between the check
 * and the connect (DNS rebinding: a name answering a public address to the check and 127.0.0.1
 * to the connect). TLS still verifies the certificate against the host name.
 *
 * One request, no redirects: a caller that follows redirects calls again for every hop, and
 * every hop is resolved and checked again.
 *
 * Why not Chromium's network stack (electron/backend/net/chromium-fetch.ts), which knows the
 * OS proxy settings? Through a proxy the proxy resolves the name, so the address could be
 * neither checked nor pinned; and a company proxy reaches exactly the intranet these rules keep
 * out. Outbound checks therefore always go direct, from Node, with the pin.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { hostAddress, refusalRef, type AddressRefusal, type OutboundPolicy } from './outbound-address-policy.js';
import { englishText, type MessageRef } from '../../shared/message-ref.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (all of them: each one is checked). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = async (hostname) => {
  const all = await dnsLookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** The connection was not made: the host is, or resolves to, an address the rules refuse. */
export class OutboundRefused extends Error {
  readonly refusal: AddressRefusal;
  readonly host: string;
  /** The refusal as a message (issue 44): whoever shows it says it in the person's language. */
  readonly ref: MessageRef;

  constructor(refusal: AddressRefusal, host: string) {
    const ref = refusalRef(refusal, host);
    super(englishText(ref)); // English, for logs
    this.name = 'OutboundRefused';
    this.refusal = refusal;
    this.host = host;
    this.ref = ref;
  }
}

export interface OutboundRequestInit {
  method: 'HEAD' | 'GET';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The whole request's limit (connect, headers, the body read), ms. */
  timeoutMs?: number;
  /** Bytes of the body kept (0 by default: the connection is closed once the headers are in). */
  maxBodyBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** At most `maxBodyBytes` of the body. */
  body: Buffer;
  /** True when the body was longer than `maxBodyBytes` and was cut. */
  truncated: boolean;
  /** The address connected to. */
  address: string;
}

export interface Outbound {
  readonly policy: OutboundPolicy;
  /**
   * One request (no redirects followed). Rejects with {@link OutboundRefused} before anything is
   * sent when the rules refuse the address; with Node's network errors (`code` ENOTFOUND,
   * ECONNREFUSED …) when the request fails; with the signal's reason when aborted.
   */
  request(url: string | URL, init: OutboundRequestInit): Promise<OutboundResponse>;
  /** The address a request to this host would connect to (resolved and checked); rejects as `request`. */
  resolve(hostname: string): Promise<ResolvedAddress>;
}

export interface OutboundOptions {
  policy: OutboundPolicy;
  /** DNS (the system's `getaddrinfo` by default); tests inject names. */
  resolve?: Resolve;
}

/** Headers larger than this end the request (Node's default is 16 KiB). */
const MAX_HEADER_BYTES = 32 * 1024;

export function createOutbound(options: OutboundOptions): Outbound {
  const resolveName = options.resolve ?? systemResolve;
  const { policy } = options;

  async function resolve(host: string): Promise<ResolvedAddress> {
    const literal = hostAddress(host);
    if (literal !== null) {
      const refusal = policy.check(literal);
      if (refusal) throw new OutboundRefused(refusal, host);
      return { address: literal, family: literal.includes(':') ? 6 : 4 };
    }
    const hostname = host.startsWith('[') ? host.slice(1, -1) : host;
    const found = await resolveName(hostname);
    if (found.length === 0) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
    // Every address is checked, not only the one used: a name answering both a public and a
    // private address is pointing into the user's network, and which one comes first can change.
    for (const candidate of found) {
      const refusal = policy.check(candidate.address);
      if (refusal) throw new OutboundRefused(refusal, hostname);
    }
    return found[0]!;
  }

  return {
    policy,
    resolve,
    async request(input, init) {
      const url = typeof input === 'string' ? new URL(input) : input;
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`Only http and https addresses are requested, not ${url.protocol}`);
      const signal = withTimeout(init.signal, init.timeoutMs);
      signal?.throwIfAborted();
      // getaddrinfo cannot be cancelled: the time limit stops the wait for it instead.
      const pinned = await untilAborted(resolve(url.hostname), signal);
      return send(url, pinned, init.method, init.headers, init.maxBodyBytes, signal);
    },
  };
}

/** The caller's signal and the time limit as one signal (undefined when there is neither). */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  const signals = [signal, timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)].filter((s): s is AbortSignal => s !== undefined);
  return signals.length <= 1 ? signals[0] : AbortSignal.any(signals);
}

/** The promise's value, or the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The request itself, connected to `pinned` whatever DNS would say now. */
function send(
  url: URL,
  pinned: ResolvedAddress,
  method: OutboundRequestInit['method'],
  headers: Record<string, string> | undefined,
  maxBodyBytes: number | undefined,
  signal: AbortSignal | undefined,
): Promise<OutboundResponse> {
  const limit = Math.max(0, maxBodyBytes ?? 0);
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    // Node asks for every address (`all`) when it may try several (autoSelectFamily).
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const isLiteral = hostAddress(url.hostname) !== null;
  const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = requestFn({
      protocol: url.protocol,
      // A literal is connected to as checked (no lookup happens for one); a name through the pin.
      hostname: isLiteral ? pinned.address : hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method,
      headers: { ...headers, Host: url.host },
      // Own connection, never pooled: a pooled socket could be one made under other rules.
      agent: false,
      lookup,
      maxHeaderSize: MAX_HEADER_BYTES,
      // SNI carries names only; the certificate is verified against the host as written.
      ...(url.protocol === 'https:' && !isLiteral ? { servername: hostname } : {}),
      ...(signal ? { signal } : {}),
    });
    req.on('error', (error) => reject(signal?.aborted ? (signal.reason ?? error) : error));
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      let truncated = false;
      const finish = () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated, address: pinned.address });
        // The rest of the body is not wanted (a page, a video): the connection goes.
        res.destroy();
        req.destroy();
      };
      if (limit === 0 || method === 'HEAD') {
        truncated = method !== 'HEAD' && res.headers['content-length'] !== '0';
        finish();
        return;
      }
      res.on('data', (chunk: Buffer) => {
        if (kept + chunk.length > limit) {
          chunks.push(chunk.subarray(0, limit - kept));
          kept = limit;
          truncated = true;
          finish();
          return;
        }
        chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('end', finish);
      res.on('error', reject);
    });
    req.end();
  });
}
