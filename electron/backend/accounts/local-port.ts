import { msg, type MessageRef } from '../../shared/message-ref.js';
/**
 * The local workspace's port: kept between runs, because its short links carry it; a taken port
 * is the person's choice to make, in these words.
 */
import type { LocalServiceHandle } from './accounts-api.js';

/** The port of a base URL, when it names one. */
export function portOf(url: string | undefined): number | undefined {
  if (!url) return undefined;
  try {
    const port = Number(new URL(url).port);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/** The API base: loopback whatever the short links' base is. */
export function loopbackUrl(service: LocalServiceHandle): string {
  return service.port ? `http://127.0.0.1:${service.port}` : service.url;
}

/**
 * The proxy of the person's own in front of the workspace: the service listens on 127.0.0.1 only,
 * so such a proxy runs on this computer and connects from loopback.
 */
export const LOCAL_PROXY_ADDRESSES: readonly string[] = ['127.0.0.0/8', '::1'];

/**
 * The log line of a started workspace: where it runs is always loopback; a public address is
 * only where its short links point, and it says whether that was ever shown to reach it.
 */
export function startedText(service: LocalServiceHandle, profile: { publicUrl?: string; publicUrlVerified?: boolean; trustLocalProxy?: boolean } | null): string {
  const runs = `The local workspace runs at ${service.port ? `http://127.0.0.1:${service.port}` : service.url}`;
  if (!profile?.publicUrl) return `${runs}; its short links open only on this computer.`;
  const state = profile.publicUrlVerified ? 'verified' : 'not verified: the check did not reach the workspace through it';
  const proxy = profile.trustLocalProxy ? '; visitors are counted by the X-Forwarded-For of a proxy on this computer' : '';
  return `${runs}; its short links use the public address ${profile.publicUrl} (${state})${proxy}.`;
}

/** The local workspace's port is taken: a message (issue 44), its English `englishText(portTakenRef(port))`. */
export function portTakenRef(port: number): MessageRef {
  return msg('errors.accounts.portTaken', { port: String(port) });
}

/** The port cannot be listened on (taken, or not allowed). */
export function isPortUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}
