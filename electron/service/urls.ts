import type { ServiceContext } from './context.js';

/**
 * The short URL of an alias: on its branded domain when it has one (the domain is stored with
 * its scheme), else on the service's own host.
 */
export function shortUrl(ctx: ServiceContext, alias: string, brandedDomain?: string | null): string {
  const base = brandedDomain ? brandedDomain.replace(/\/+$/, '') : ctx.baseUrl();
  return `${base}/${alias}`;
}

/** Only web links may be shortened or used as targets: http and https, with a host. */
export function isWebUrl(text: string): boolean {
  if (text.length > 4096) return false;
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}
