import type { MessageRef } from '../../shared/message-ref.js';

/** What live-source.ts needs to know about one shortener's API to page through its links. */
export interface LiveSourceAdapter {
  /** "Kutt". */
  name: string;
  /** Shown when the address answers something else. */
  addressExample?: string;
  /** Added to "check that you copied the whole key" (where the service shows its keys). */
  keyHint?: MessageRef;
  /** API paths people paste with the address; cut off before the list path is added. */
  pastedApiPaths: readonly string[];
  /** The columns of the table, named as the source's CSV export or API names them (import-formats.ts recognises them). */
  headers: readonly string[];
  /** The address of page `index` (0-based) under the service's root. */
  pageUrl(base: URL, index: number): URL;
  /** The header that carries the key, in the source's documented form. */
  authHeaders(key: string): Record<string, string>;
  /** Query parameters that carry the credentials, for a source that takes them there (YOURLS). */
  authQuery?(credentials: { key: string; username: string }, now: number): Record<string, string>;
  /** A page of the documented shape, or null when the answer has another shape. */
  readPage(body: unknown): LivePage | null;
  /** One link as the table's cells, in `headers` order. */
  toRow(link: unknown): { fields: string[]; passwordLeftOut?: boolean };
}

export interface LivePage {
  links: unknown[];
  /** Links the service holds in all, when it says. */
  total: number | null;
  /** The service says no page follows. */
  last: boolean;
}

export { cell, isRecord } from '../../shared/source-rows.js';

/** The root URL with this path under it (keeps a root that is itself below a path, /shlink). */
export function under(base: URL, path: string, query: Record<string, string | number>): URL {
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return url;
}
