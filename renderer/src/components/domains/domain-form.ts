import { plural } from '../../i18n/format.js';
/**
 * The checks of the domain forms, run as the user types. The service checks again (and also
 * refuses IP addresses, single-word hosts and its own address); these only spare a round trip.
 */

export type DomainCheck = { ok: true; domain: string } | { ok: false; message: string };

/** A branded domain: its scheme and host, nothing after. Answers the form the service stores. */
export function checkDomain(text: string): DomainCheck {
  const value = text.trim();
  if (!value) return { ok: false, message: 'Enter the domain with its scheme, such as https://go.example.com.' };
  if (!/^https?:\/\//i.test(value)) return { ok: false, message: 'Start the domain with https:// or http://, such as https://go.example.com.' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: 'That is not a domain. Enter one such as https://go.example.com.' };
  }
  if (!url.hostname) return { ok: false, message: 'Enter a host name after the scheme, such as https://go.example.com.' };
  if (url.username || url.password) return { ok: false, message: 'Leave out the user name and password: enter only the scheme and host.' };
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value)) {
    return { ok: false, message: `Enter only the scheme and host, without a path: ${url.protocol}//${url.host}.` };
  }
  return { ok: true, domain: `${url.protocol}//${url.host}` };
}

/** An optional redirect of a domain: empty (none) or a whole http(s) address. */
export function checkRedirect(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a whole address starting with https:// or http://, or leave it empty.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Only web addresses (https:// or http://) can be redirect targets.';
  if (!url.hostname) return 'Enter an address with a host name, such as https://example.com.';
  return null;
}

/** "go, promo, sale and 4 more": the first few aliases of the links using a domain. */
export function linksUsingText(aliases: string[], total: number): string {
  if (total === 0) return 'No link uses this domain.';
  const shown = aliases.slice(0, 5).map((a) => `“${a}”`);
  const more = total - shown.length;
  const list = more > 0 ? `${shown.join(', ')} and ${more} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : (shown[0] ?? '');
  return `${plural(total, { one: '{n} link uses', other: '{n} links use' })} this domain: ${list}.`;
}
