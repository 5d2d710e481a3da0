/**
 * Whether a profile's short links open beyond this computer, the words that say so, and the
 * checks of the local workspace's "Public address". Pure: the renderer says it next to every
 * short link of such a workspace (its `workspace.*` messages), the tray and the notifications
 * with the `desktop.reach.*` messages.
 */

import { englishText, msg, type MessageRef } from './message-ref.js';
import { readWebAddress, type Checked } from './profile-validation.js';

/** The part of a profile these rules need (a Profile or a ProfileSummary). */
export interface ReachProfile {
  kind: 'local' | 'remote';
  /** The local workspace's public address, when the user gave one. */
  publicUrl?: string;
  /** Whether the address check reached the workspace through publicUrl when it was saved. */
  publicUrlVerified?: boolean;
}

/**
 * True when the profile's short links are `http://127.0.0.1:PORT/alias`: the local workspace
 * without a public address. Such a link opens on this computer and nowhere else.
 */
export function shortLinksLoopbackOnly(profile: ReachProfile | null | undefined): boolean {
  return !!profile && profile.kind === 'local' && !profile.publicUrl;
}

/**
 * Where a profile's short links open: `this-computer` (the local workspace without a public
 * address), `unverified` (it has one, but the check never reached the workspace through it, so
 * nobody knows whether others can open them), `anywhere` (a verified address, or a hosted
 * service). The embedded service runs inside Linkdeck, so even a verified address only works
 * while Linkdeck runs on this computer.
 */
export type ShortLinkReach = 'this-computer' | 'unverified' | 'anywhere';

export function shortLinkReach(profile: ReachProfile | null | undefined): ShortLinkReach {
  if (!profile || profile.kind !== 'local') return 'anywhere';
  if (!profile.publicUrl) return 'this-computer';
  return profile.publicUrlVerified === true ? 'anywhere' : 'unverified';
}

/**
 * The one-line notice for a short link of this profile (copied, shortened, in the tray), as a
 * message of the `desktop` area, or null. Each side says it in its language: the tray in the
 * shell's (tray-menu.ts), the renderer has its own longer words (`workspace.*`).
 */
export function reachNoticeRef(profile: ReachProfile | null | undefined): MessageRef | null {
  const reach = shortLinkReach(profile);
  if (reach === 'this-computer') return msg('desktop.reach.localOnly');
  return reach === 'unverified' ? msg('desktop.reach.unverified') : null;
}

const PUBLIC_URL_MAX = 300;

/** True for names and addresses that always mean this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (host === '0.0.0.0' || host === '::' || host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  // IPv4-mapped loopback (::ffff:127.0.0.1, which URL writes as ::ffff:7f00:1).
  return /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(host);
}

/**
 * Turns what the user typed into the workspace's public address: http(s), a host and maybe a
 * port, nothing else (short links are `<address>/<alias>`, so a path would break every one of
 * them; credentials would be shown to every visitor). Returns it without a trailing slash.
 */
export function parsePublicAddress(text: string): Checked<string> {
  const trimmed = text.trim();
  if (!trimmed) return fail(msg('validation.publicAddress.empty', { example: 'https://go.example.com' }));
  if (trimmed.length > PUBLIC_URL_MAX) return fail(msg('validation.publicAddress.tooLong'));
  const read = readWebAddress(trimmed);
  if (!read.ok) return read;
  const url = read.value;
  if (url.username || url.password) return fail(msg('validation.publicAddress.noUser'));
  if (url.search || trimmed.includes('?')) return fail(msg('validation.publicAddress.noQuery'));
  if (url.hash || trimmed.includes('#')) return fail(msg('validation.publicAddress.noFragment'));
  if (url.pathname.replace(/\/+$/, '') !== '') return fail(msg('validation.publicAddress.noPath', { path: url.pathname }));
  if (isLoopbackHost(url.hostname)) return fail(msg('validation.publicAddress.loopback', { host: url.hostname }));
  return { ok: true, value: `${url.protocol}//${url.host}` };
}

/** The message for the Public address field in English (logs, command line), or null when it is fine. */
export function validatePublicAddress(text: string): string | null {
  const checked = parsePublicAddress(text);
  return checked.ok ? null : checked.message;
}

/** The same as a message (issue 44), for the field in the person's language; null when fine. */
export function publicAddressIssue(text: string): MessageRef | null {
  const checked = parsePublicAddress(text);
  if (checked.ok) return null;
  return checked.ref ?? null;
}

/** What the address check found, for the Public address field. */
export interface PublicAddressCheck {
  /** True when the address answered with the workspace's own one-time token. */
  verified: boolean;
  /** Why not, in English words for logs and the command line (null when verified). */
  problem: string | null;
  /** The same as a message, shown in the person's language (absent when verified). */
  problemRef?: MessageRef;
}

function fail(ref: MessageRef): { ok: false; message: string; ref: MessageRef } {
  return { ok: false, message: englishText(ref), ref };
}
