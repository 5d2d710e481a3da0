const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A local time in the service's date form (`YYYY-MM-DD HH:MM:SS`, UTC). Used for what the mirror
 * shows before the service has said (a pending link's date) and to compare expiry dates, which
 * the reference service writes in UTC; a deployment in another zone is off by its offset at most.
 */
export function serviceDate(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/**
 * The host (with its port, lower case) of a short URL or a branded domain, which may be written
 * with or without its scheme: `https://go.brand.com/x` and `go.brand.com` both give
 * `go.brand.com`. '' when it is neither.
 */
export function hostOf(url: string): string {
  const text = url.trim();
  if (text === '') return '';
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : '';
  } catch {
    return '';
  }
}
