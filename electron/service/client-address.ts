/**
 * Who sent a request, for the limits that count per client. Every such limit reads the address
 * through clientAddress() so that trusting a reverse proxy's forwarded address later changes
 * them all at once.
 */
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

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
