/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
<title>${escapeHtml(title)}</title>
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

/** Content-Security-Policy for those pages: nothing but inline styles, and a nonce'd script if any. */
export function pageCsp(scriptNonce?: string, frameSrc?: string): string {
  const script = scriptNonce ? `'nonce-${scriptNonce}'` : "'none'";
  const frame = frameSrc ? ` frame-src ${frameSrc};` : '';
  return `default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; script-src ${script}; form-action 'self';${frame} base-uri 'none'`;
}
