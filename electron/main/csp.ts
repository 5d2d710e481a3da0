/**
 * The Content-Security-Policy of the Electron window. No remote code, no eval and no network
 * from the page: everything the renderer needs reaches it through window.linkdeck (IPC), so
 * `connect-src` is 'none'. Only the dev server needs 'self' there, for Vite's hot reload socket.
 *
 * Pure (no electron import) so that unit tests and electron.vite.config.ts can read it.
 */
export interface CspOptions {
  /** True when the page comes from the Vite dev server (electron-vite dev). */
  dev?: boolean;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'"],
    // Vue transitions, chart.js and component libraries set inline styles; styles cannot run code.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', options.dev ? "'self'" : "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

const CSP_META = /<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>\s*/gi;
// Browsers ignore these in a <meta> (and say so in the console); headers still carry them.
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The policy as a <meta> may carry it. */
export function metaPolicy(csp: string): string {
  return csp
    .split(';')
    .map((directive) => directive.trim())
    .filter(
      (directive) => directive && !HEADER_ONLY.has(directive.split(/\s+/)[0]?.toLowerCase() ?? ''),
    )
    .join('; ');
}

/**
 * Replaces every CSP <meta> of an HTML document with one carrying `csp`, right after the charset
 * (or first in <head>). A file:// page receives no HTTP headers, so in the packaged app this meta
 * IS the policy.
 */
export function withCspMeta(html: string, csp: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(csp).replace(/"/g, '&quot;')}" />`;
  const stripped = html.replace(CSP_META, '');
  const anchor = /<meta\b[^>]*charset[^>]*>/i.exec(stripped) ?? /<head\b[^>]*>/i.exec(stripped);
  if (!anchor) return `${meta}\n${stripped}`;
  const at = anchor.index + anchor[0].length;
  return `${stripped.slice(0, at)}\n    ${meta}${stripped.slice(at)}`;
}
