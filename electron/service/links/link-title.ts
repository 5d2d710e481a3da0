import { domainToUnicode } from 'node:url';

const MAX_TITLE = 120;

/**
 * The list's `title` when no meta title is given: a readable form of the long URL (host without
 * "www.", then the path, decoded). The service does not fetch the page's own <title>: it makes
 * no network requests on its own (it runs offline, tests stay hermetic, and fetching
 * user-supplied URLs from a server invites request forgery), so a title is never a guess.
 */
export function titleFromUrl(longUrl: string): string {
  let url: URL;
  try {
    url = new URL(longUrl);
  } catch {
    return longUrl.slice(0, MAX_TITLE);
  }
  const host = domainToUnicode(url.hostname) || url.hostname;
  let path = url.pathname.replace(/\/+$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Keep a malformed percent-encoding as it is.
  }
  const title = `${host.replace(/^www\./i, '')}${url.port ? `:${url.port}` : ''}${path}`;
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title;
}

/** A meta title wins over the URL-made title. */
export const linkTitle = (metaTitle: string | undefined, longUrl: string) =>
  metaTitle && metaTitle.trim() !== '' ? metaTitle : titleFromUrl(longUrl);
