/**
 * Importing links straight from another shortener's API (Kutt, Shlink, Dub, YOURLS): what the renderer
 * sends once (the key is used for that fetch only and never comes back), what it gets (a table
 * the bulk mapping step reads as it reads an export file) and the field checks both sides share.
 * Pure TypeScript.
 */
import type { ImportTable } from './bulk-import.js';

export const LIVE_SOURCES = ['kutt', 'shlink', 'dub', 'yourls'] as const;
export type LiveSource = (typeof LIVE_SOURCES)[number];

export const LIVE_SOURCE_NAMES: Record<LiveSource, string> = { kutt: 'Kutt', shlink: 'Shlink', dub: 'Dub', yourls: 'YOURLS' };

/** The address the form starts with: the hosted service, or none for the self-hosted-only Shlink and YOURLS. */
export const LIVE_SOURCE_DEFAULT_ADDRESS: Record<LiveSource, string> = {
  kutt: 'https://kutt.it',
  shlink: '',
  dub: 'https://api.dub.co',
  yourls: '',
};

export const LIVE_ADDRESS_MAX = 2048;
export const LIVE_KEY_MAX = 512;
export const LIVE_USERNAME_MAX = 200;

export interface LiveFetchRequest {
  source: LiveSource;
  /** The service's address as the person wrote it (https://kutt.example.com). */
  baseUrl: string;
  /**
   * Sent to that service only, in its own header; not kept once the fetch ends. For YOURLS: the
   * signature token (admin → Tools), or the password when `username` is given.
   */
  apiKey: string;
  /** YOURLS only: signs in with user name and password (`apiKey`) instead of the signature token. */
  username?: string;
  /** "The service is on my own network": allows loopback and private addresses. */
  ownNetwork: boolean;
}

export interface LiveFetchResult {
  source: LiveSource;
  /** "Kutt at kutt.example.com". */
  label: string;
  /** The links as a table with the source's field names as columns, one record per link. */
  table: ImportTable;
  /** Links the service said it holds (null when it does not say: Dub). */
  total: number | null;
  pages: number;
  /** What the person should know: passwords that cannot be read, a stop at the job's size. */
  notes: string[];
}

/** Pushed while a fetch runs. */
export interface LiveFetchProgress {
  source: LiveSource;
  fetched: number;
  total: number | null;
  pages: number;
}

export type LiveFieldMessages = Partial<Record<'baseUrl' | 'apiKey' | 'username', string>>;

/** Field messages for the form; empty when it can be sent. */
export function checkLiveFetchRequest(request: Pick<LiveFetchRequest, 'source' | 'baseUrl' | 'apiKey' | 'username'>): LiveFieldMessages {
  const messages: LiveFieldMessages = {};
  const name = LIVE_SOURCE_NAMES[request.source];
  const address = request.baseUrl.trim();
  if (address === '') {
    messages.baseUrl = `Enter the address of your ${name} (for example ${LIVE_SOURCE_DEFAULT_ADDRESS[request.source] || 'https://s.example.com'}).`;
  } else if (!/^https?:\/\//i.test(address)) {
    messages.baseUrl = 'The address must start with https:// or http://.';
  } else if (address.length > LIVE_ADDRESS_MAX) {
    messages.baseUrl = `The address must be at most ${LIVE_ADDRESS_MAX} characters.`;
  } else {
    try {
      const url = new URL(address);
      if (url.username || url.password) messages.baseUrl = 'Leave the user name and password out of the address; the API key is enough.';
      else if (url.search || url.hash) messages.baseUrl = 'Leave the part after ? or # out of the address.';
    } catch {
      messages.baseUrl = 'This is not a web address. Check it for typing mistakes.';
    }
  }
  const key = request.apiKey.trim();
  const username = request.username?.trim() ?? '';
  if (username.length > LIVE_USERNAME_MAX) messages.username = `A user name is at most ${LIVE_USERNAME_MAX} characters.`;
  if (key === '' && request.source === 'yourls') {
    messages.apiKey = username ? 'Enter the password of this YOURLS user.' : 'Paste the signature token from your YOURLS admin (Tools → Secure passwordless API call), or give a user name and password.';
  } else if (key === '') messages.apiKey = `Paste the API key from your ${name} settings.`;
  else if (key.length > LIVE_KEY_MAX) messages.apiKey = `An API key is at most ${LIVE_KEY_MAX} characters; check what was pasted.`;
  else if (/[\s\p{Cc}]/u.test(key)) messages.apiKey = 'The key holds spaces or line breaks; paste the key alone.';
  return messages;
}
