/**
 * The web shell's Content-Security-Policy: the Electron window's policy (electron/main/csp.ts)
 * except that the page talks to the shell over HTTP, so `connect-src` is 'self' (our loopback
 * origin: /rpc and /events) instead of 'none'. Still no remote code, no eval, no other network.
 */
export function webContentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers on every answer of the web shell. */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': webContentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

const CSP_META = /<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>\s*/gi;

/**
 * Prepares the built index.html for the browser: drops its CSP <meta> (written for the Electron
 * window, where connect-src is 'none'; policies combine, so it would block the bridge), and loads
 * the bridge script before the app's own scripts so window.linkdeck exists when they run.
 */
export function prepareIndexHtml(html: string, bridgeSrc: string): string {
  const stripped = html.replace(CSP_META, '');
  const tag = `<script src="${bridgeSrc}"></script>`;
  const firstScript = /<script\b/i.exec(stripped);
  if (firstScript)
    return `${stripped.slice(0, firstScript.index)}${tag}\n    ${stripped.slice(firstScript.index)}`;
  const headEnd = /<\/head>/i.exec(stripped);
  if (headEnd)
    return `${stripped.slice(0, headEnd.index)}  ${tag}\n  ${stripped.slice(headEnd.index)}`;
  return `${tag}\n${stripped}`;
}
