import { formatList } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';
/**
 * The checks of the domain forms, run as the user types. The service checks again (and also
 * refuses IP addresses, single-word hosts and its own address); these only spare a round trip.
 */

export type DomainCheck = { ok: true; domain: string } | { ok: false; message: string };

/** A branded domain: its scheme and host, nothing after. Answers the form the service stores. */
export function checkDomain(text: string): DomainCheck {
  const value = text.trim();
  if (!value) return { ok: false, message: t('domains.check.empty') };
  if (!/^https?:\/\//i.test(value)) return { ok: false, message: t('domains.check.scheme') };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: t('domains.check.notDomain') };
  }
  if (!url.hostname) return { ok: false, message: t('domains.check.noHost') };
  if (url.username || url.password) return { ok: false, message: t('domains.check.credentials') };
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value)) {
    return { ok: false, message: t('domains.check.path', { domain: `${url.protocol}//${url.host}` }) };
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
    return t('domains.check.redirectWhole');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return t('domains.check.redirectScheme');
  if (!url.hostname) return t('domains.check.redirectHost');
  return null;
}

/** "go, promo, sale and 4 more": the first few aliases of the links using a domain. */
export function linksUsingText(aliases: string[], total: number): string {
  if (total === 0) return t('domains.linksUsingNone');
  const shown = aliases.slice(0, 5).map((alias) => t('domains.quoted', { alias }));
  const more = total - shown.length;
  const items = more > 0 ? [...shown, t('domains.andMore', { n: more })] : shown;
  // "a, b and c" in the locale's words (Intl.ListFormat); never more than six items, none of them a sentence.
  return t('domains.linksUsing', { n: total, list: formatList(items) });
}
