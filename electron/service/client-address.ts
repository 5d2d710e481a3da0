/**
 * Who sent a request, for the limits that count per client. Every such limit reads the address
 * through clientAddress() so that trusting a reverse proxy's forwarded address later changes
 * them all at once.
 */
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { hasRawHeader } from './redirect/raw-headers.js';

/** The client's address: Fastify's request.ip, the socket's peer unless it is a proxy given to --trust-proxy. */
export function clientAddress(request: FastifyRequest): string {
  return request.ip;
}

/**
 * The address as a limit counts it. An IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d)
 * counts alone; an IPv6 address counts by its /64, the block a single subscriber's network is
 * given, so that walking through the addresses of one's own /64 does not reset a limit.
 */
export function clientLimitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray().slice(0, 8);
  return `${ipaddr.fromByteArray([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
}

/** proxy-addr's names (Fastify's trustProxy accepts them) as the ranges they stand for. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether `address` is one of the trusted proxies (addresses, CIDR ranges, proxy-addr's names). */
export function trustedProxyTest(trustProxy: readonly string[]): (address: string) => boolean {
  const ranges = trustProxy.flatMap((entry) => NAMED_RANGES[entry] ?? [entry.includes('/') ? entry : `${entry}/${entry.includes(':') ? 128 : 32}`]);
  const parsed = ranges.flatMap((range) => {
    try {
      return [ipaddr.parseCIDR(range)];
    } catch {
      return [];
    }
  });
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const ip = ipaddr.process(address);
    return parsed.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits));
  };
}

/**
 * A warning, said once, when a peer the service was not told to trust sends forwarding headers:
 * usually a reverse proxy on the same host started without --trust-proxy, which makes every
 * visitor count as the proxy (one address for the limits, one visitor for the statistics). The
 * headers stay ignored either way. It reads node:http's rawHeaders, not `request.headers`: that
 * object is built on first access, and building it for every redirect cost more than the
 * redirect's own header reading (issue 32, item 10). Until it has spoken, a scan of the header
 * names per request; then only the flag.
 */
export function forwardedHeadersWarning(trustProxy: readonly string[] | undefined, log: (message: string) => void): (peer: string | undefined, rawHeaders: readonly string[]) => void {
  const trusted = trustedProxyTest(trustProxy ?? []);
  let said = false;
  return (peer, rawHeaders) => {
    if (said || peer === undefined || !(hasRawHeader(rawHeaders, 'x-forwarded-for') || hasRawHeader(rawHeaders, 'forwarded'))) return;
    if (trusted(peer)) return;
    said = true;
    const shown = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
    log(
      `Warning: ${shown} sends X-Forwarded-For (or Forwarded), but it is not a proxy this service trusts, so every visitor coming through it counts as ${shown}: ` +
        `one address for the limits, one visitor for the statistics. If it is your reverse proxy, start the service with --trust-proxy ${shown}; ` +
        'otherwise the headers are forged and stay ignored. (Said once.)',
    );
  };
}
