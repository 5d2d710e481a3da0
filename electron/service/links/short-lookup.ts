import { first, q, type Work } from '../database/work.js';
import type { ServiceContext } from '../context.js';
import { notFound } from '../errors.js';
import { findOwnedLinkByAlias, type StoredLink } from './link-store.js';
import { domainHost } from './link-references.js';

/**
 * The user's link behind a short URL, as GET /api/urls?short= gives it: "http://host/alias",
 * "host/alias" without a scheme, or a bare alias (on the service's own host). The host picks
 * the domain: the service's own, or one of the user's branded domains.
 */
export function* findByShortUrl(ctx: ServiceContext, userId: number, short: string): Work<StoredLink> {
  const text = short.trim();
  const missing = () =>
    notFound(`A link of yours with the short URL ${JSON.stringify(text.slice(0, 300))}`);
  let domainId = 0;
  let path = text;
  const own = `${ctx.baseUrl()}/`;
  if (text.toLowerCase().startsWith(own.toLowerCase())) {
    // The service's own address may carry a path (a public URL behind a proxy): the alias follows it.
    path = text.slice(own.length).replace(/[?#].*$/, '');
  } else if (text.includes('/')) {
    const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
    let url: URL;
    try {
      url = new URL(hasScheme ? text : `http://${text}`);
    } catch {
      throw missing();
    }
    const host = domainHost(url.href);
    if (host === null) throw missing();
    if (host !== domainHost(ctx.baseUrl())) {
      const row = yield* first<{ id: number }>(q('SELECT id FROM domains WHERE host = ? AND user_id = ?', host, userId));
      if (!row) throw missing();
      domainId = row.id;
    }
    path = url.pathname;
  }
  let alias = path.replace(/^\/+|\/+$/g, '');
  try {
    alias = decodeURIComponent(alias);
  } catch {
    // Not percent-encoded after all: look it up as it is.
  }
  const link = alias === '' ? undefined : yield* findOwnedLinkByAlias(userId, domainId, alias);
  if (!link) throw missing();
  return link;
}
