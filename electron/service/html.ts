import type { FastifyReply } from 'fastify';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Bidirectional-text controls: the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069, the marks U+200E/U+200F and the Arabic letter mark U+061C. In a title shown
 * beside a destination they can make "gro.elpmaxe" read as "example.org", so user text on the
 * visitor pages loses them (isolating it with <bdi> keeps the rest of the line in order).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

export function stripBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** User text (titles, names, messages) for element content: controls dropped, escaped, isolated. */
export function userText(text: string): string {
  return `<bdi>${escapeHtml(stripBidi(text))}</bdi>`;
}

/** A URL shown as text: always left to right, whatever script its path is in. */
export function urlText(url: string): string {
  return `<bdi dir="ltr">${escapeHtml(stripBidi(url))}</bdi>`;
}

/**
 * A small self-contained page for what visitors of short links see (errors, forms,
 * interstitials). `body` must already be escaped. Inline styles only; a page that needs a script
 * puts it in `body` with a nonce that its pageCsp() allows.
 */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(stripBidi(title))}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f7f9;color:#1d2330}
main{max-width:32rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001}
h1{font-size:1.3rem;margin:0 0 .5rem} input,button{font:inherit;padding:.5rem .75rem;border-radius:8px;border:1px solid #c7ccd6}
button,.button{background:#2f6fed;color:#fff;border:0;cursor:pointer;text-decoration:none;display:inline-block;padding:.5rem .9rem;border-radius:8px}
.error{color:#b42318} .muted{color:#667085;font-size:.9rem}
@media (prefers-color-scheme: dark){body{background:#111418;color:#e6e8eb}main{background:#1b1f24}}
</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * Content-Security-Policy for those pages: nothing but inline styles, and a nonce'd script if
 * any. No page is ever shown inside someone else's frame (clickjacking the password form, or
 * dressing an interstitial up as another site's).
 */
export function pageCsp(scriptNonce?: string, frameSrc?: string): string {
  const script = scriptNonce ? `'nonce-${scriptNonce}'` : "'none'";
  const frame = frameSrc ? ` frame-src ${frameSrc};` : '';
  return `default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; script-src ${script}; form-action 'self';${frame} base-uri 'none'; frame-ancestors 'none'`;
}

/**
 * Sends an HTML answer with the headers every HTML answer of the service carries, whoever
 * makes it (a short link's page, or the router's not-found and error pages):
 * - the page's CSP (frame-ancestors 'none'), and X-Frame-Options for browsers without CSP 2;
 * - nosniff, so no answer is ever read as a script or a style;
 * - no-referrer: the address of a protected or campaign page is nobody else's business (the
 *   interstitials' links already say rel="noreferrer");
 * - no-store: every visit must reach the service to be counted and targeted afresh.
 * Sends and returns nothing: a Fastify handler that returns the reply after sending it makes
 * Fastify try to send it again.
 */
export function sendHtml(reply: FastifyReply, status: number, html: string, csp = pageCsp()): void {
  reply
    .code(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    })
    .send(html);
}
