import { startUrl, type AppLocation } from './app-location.js';
import { isShortenableUrl } from './protocol-url.js';

/**
 * The renderer's quick-shorten route, pre-filled with `url` when it is one Linkdeck would
 * shorten. `nonce` goes in the document's own query (which the app-URL checks ignore) so each
 * opening is a new page load rather than a hash change inside the last one.
 */
export function quickShortenUrl(location: AppLocation, url?: string | null, nonce?: number): string {
  const base = startUrl(location);
  const open = nonce === undefined ? '' : `?open=${nonce}`;
  const query = url && isShortenableUrl(url) ? `?url=${encodeURIComponent(url)}` : '';
  return `${base}${open}#/quick${query}`;
}

/** The quick window's size: one form, no frame around it. */
export const QUICK_WINDOW_SIZE = { width: 520, height: 400 } as const;
