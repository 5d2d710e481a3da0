/**
 * Importing links straight from another shortener's API (Kutt, Shlink, Dub, YOURLS): what the renderer
 * sends once (the key is used for that fetch only and never comes back), what it gets (a table
 * the bulk mapping step reads as it reads an export file) and the field checks both sides share.
 * Pure TypeScript.
 */
import type { ImportTable } from './bulk-import.js';
import { englishText, msg, type MessageRef } from './message-ref.js';

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
  /** "Kutt at kutt.example.com" (English: the job's stored origin, the command line). */
  label: string;
  /** The same as a message (importNotes.liveLabel), shown in the person's language. */
  labelRef?: MessageRef;
  /** The links as a table with the source's field names as columns, one record per link. */
  table: ImportTable;
  /** Links the service said it holds (null when it does not say: Dub). */
  total: number | null;
  pages: number;
  /** What the person should know: passwords that cannot be read, a stop at the job's size (in English: the command line). */
  notes: string[];
  /** The same notes, in the same order, as messages (importNotes.*) the app says in the person's language. */
  noteRefs?: MessageRef[];
}

/** Pushed while a fetch runs. */
export interface LiveFetchProgress {
  source: LiveSource;
  fetched: number;
  total: number | null;
  pages: number;
}

export type LiveFieldMessages = Partial<Record<'baseUrl' | 'apiKey' | 'username', string>>;
export type LiveFieldIssues = Partial<Record<keyof LiveFieldMessages, MessageRef>>;

/** Field messages for the form, as `validation.live.*` keys (issue 44); empty when it can be sent. */
export function liveFetchRequestIssues(request: Pick<LiveFetchRequest, 'source' | 'baseUrl' | 'apiKey' | 'username'>): LiveFieldIssues {
  const issues: LiveFieldIssues = {};
  const name = LIVE_SOURCE_NAMES[request.source];
  const address = request.baseUrl.trim();
  if (address === '') {
    issues.baseUrl = msg('validation.live.addressEmpty', { name, example: LIVE_SOURCE_DEFAULT_ADDRESS[request.source] || 'https://s.example.com' });
  } else if (!/^https?:\/\//i.test(address)) {
    issues.baseUrl = msg('validation.live.addressScheme');
  } else if (address.length > LIVE_ADDRESS_MAX) {
    issues.baseUrl = msg('validation.live.addressTooLong', { max: LIVE_ADDRESS_MAX });
  } else {
    try {
      const url = new URL(address);
      if (url.username || url.password) issues.baseUrl = msg('validation.live.addressUser');
      else if (url.search || url.hash) issues.baseUrl = msg('validation.live.addressQuery');
    } catch {
      issues.baseUrl = msg('validation.live.addressInvalid');
    }
  }
  const key = request.apiKey.trim();
  const username = request.username?.trim() ?? '';
  if (username.length > LIVE_USERNAME_MAX) issues.username = msg('validation.live.usernameTooLong', { max: LIVE_USERNAME_MAX });
  if (key === '' && request.source === 'yourls') {
    issues.apiKey = username ? msg('validation.live.yourlsPassword') : msg('validation.live.yourlsToken');
  } else if (key === '') issues.apiKey = msg('validation.live.keyEmpty', { name });
  else if (key.length > LIVE_KEY_MAX) issues.apiKey = msg('validation.live.keyTooLong', { max: LIVE_KEY_MAX });
  else if (/[\s\p{Cc}]/u.test(key)) issues.apiKey = msg('validation.live.keySpaces');
  return issues;
}

/** The same field messages in English (the command line, logs); empty when it can be sent. */
export function checkLiveFetchRequest(request: Pick<LiveFetchRequest, 'source' | 'baseUrl' | 'apiKey' | 'username'>): LiveFieldMessages {
  const messages: LiveFieldMessages = {};
  for (const [field, ref] of Object.entries(liveFetchRequestIssues(request)) as [keyof LiveFieldMessages, MessageRef][]) messages[field] = englishText(ref);
  return messages;
}
