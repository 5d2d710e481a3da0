/**
 * The HTML visitors of short links see. Everything shown comes from users (titles, targets,
 * splash and overlay texts, campaign names) and is escaped here; no page runs a script, and each
 * is sent with the CSP it carries (frames allow exactly the target's origin).
 */
import { escapeHtml, htmlPage, pageCsp, stripBidi, urlText, userText } from '../html.js';

export interface Page {
  status: number;
  html: string;
  csp: string;
}

/** Seconds an interstitial waits before it moves on by itself. */
export const SPLASH_SECONDS = 5;

const page = (status: number, title: string, body: string, head = ''): Page => ({
  status,
  // htmlPage takes no head content; the few pages that need some (meta refresh) add it here.
  html: head ? htmlPage(title, body).replace('</head>', `${head}\n</head>`) : htmlPage(title, body),
  csp: pageCsp(),
});

/** Where a URL leads, for people: its host, or the URL itself when it has none. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

export function serviceHomePage(): Page {
  return page(
    200,
    'Linkdeck link service',
    `<h1>Linkdeck local link service</h1>
<p>This address serves short links made with Linkdeck. Open a short link to be taken to its destination.</p>`,
  );
}

export function notFoundPage(): Page {
  return page(404, 'Link not found', `<h1>This short link does not exist</h1><p class="muted">Check the address for typing mistakes.</p>`);
}

export function campaignNotFoundPage(): Page {
  return page(404, 'Not found', `<h1>There is nothing here</h1><p class="muted">This campaign does not exist, is not public, or has no links.</p>`);
}

export function expiredPage(): Page {
  return page(410, 'Link expired', `<h1>This short link has expired</h1><p class="muted">Its owner set it to stop working after a date that has passed.</p>`);
}

/**
 * The password form; it posts to the address it was served from (the short link itself). The
 * visitor's referrer host rides along, since the POST's own Referer is this form.
 */
export function passwordPage(wrong: boolean, referrer: string): Page {
  const error = wrong ? `<p class="error" role="alert">That password is not right. Try again.</p>` : '';
  return page(
    wrong ? 401 : 200,
    'Password required',
    `<h1>This link is protected</h1>
<p>Enter the password to continue.</p>${error}
<form method="post">
<input type="hidden" name="ref" value="${escapeHtml(referrer)}">
<label for="password">Password</label><br>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Continue</button>
</form>`,
  );
}

/**
 * Too many wrong passwords from this address for this link: no form (a form would invite the
 * next guess), just when to come back. The link reloads the address, which shows the form again.
 */
export function passwordThrottledPage(waitWords: string): Page {
  return page(
    429,
    'Too many attempts',
    `<h1>Too many wrong passwords</h1>
<p>This link does not accept more passwords from your address for now. Try again in ${escapeHtml(waitWords)}.</p>
<p><a class="button" href="">Back to the password form</a></p>`,
  );
}

/** The generic interstitial: where the visitor is going, a Continue link, and a timed refresh. */
export function splashPage(target: string, title: string): Page {
  const t = escapeHtml(target);
  const heading = title ? `<p>${userText(title)}</p>` : '';
  return page(
    200,
    title || 'Redirecting',
    `<h1>You are being taken to ${urlText(hostOf(target))}</h1>${heading}
<p class="muted">${urlText(target)}</p>
<p><a class="button" href="${t}" rel="noreferrer">Continue</a></p>
<p class="muted">You will be taken there in ${SPLASH_SECONDS} seconds.</p>`,
    `<meta http-equiv="refresh" content="${SPLASH_SECONDS};url=${t}">`,
  );
}

/** The user's own splash page (title and message from its config), then Continue. */
export function customSplashPage(target: string, config: { title: string; message: string }): Page {
  const t = escapeHtml(target);
  return page(
    200,
    config.title || 'Redirecting',
    `<h1>${userText(config.title)}</h1>
<p>${userText(config.message)}</p>
<p class="muted">Next: ${urlText(hostOf(target))}</p>
<p><a class="button" href="${t}" rel="noreferrer">Continue</a></p>`,
    `<meta http-equiv="refresh" content="${SPLASH_SECONDS};url=${t}">`,
  );
}

/**
 * The destination in a full-window frame under a slim bar (frame redirect type), optionally
 * with a call-to-action box on top (overlay type). The bar names the destination and links to
 * it top-level, for sites that refuse to be framed.
 */
function framedPage(target: string, origin: string, title: string, overlay?: { message: string; button: string }): Page {
  const t = escapeHtml(target);
  const cta = overlay
    ? `<aside class="cta" role="dialog" aria-label="Message"><p>${userText(overlay.message)}</p>
<a class="button" href="${t}" target="_top" rel="noreferrer">${escapeHtml(stripBidi(overlay.button || 'Continue'))}</a></aside>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(stripBidi(title || hostOf(target)))}</title>
<style>
html,body{margin:0;height:100%;font:14px/1.4 system-ui,sans-serif}
body{display:flex;flex-direction:column}
header{display:flex;gap:1rem;align-items:center;padding:.4rem .8rem;background:#1d2330;color:#fff}
header span{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
header a{color:#9cc0ff}
iframe{flex:1;border:0;width:100%}
.cta{position:fixed;right:1rem;bottom:1rem;max-width:22rem;padding:1rem;background:#fff;color:#1d2330;border-radius:12px;box-shadow:0 4px 24px #0004}
.cta p{margin:0 0 .75rem}
.button{background:#2f6fed;color:#fff;text-decoration:none;display:inline-block;padding:.5rem .9rem;border-radius:8px}
</style></head>
<body><header><span>${title ? `${userText(title)} · ` : ''}${urlText(target)}</span><a href="${t}" target="_top" rel="noreferrer">Open without this bar</a></header>
<iframe src="${t}" title="${escapeHtml(stripBidi(title || hostOf(target)))}"></iframe>${cta}</body></html>`;
  return { status: 200, html, csp: pageCsp(undefined, origin) };
}

/** The origin a frame may load, or null when the target cannot be framed (no http(s) origin). */
function frameOrigin(target: string): string | null {
  try {
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function framePage(target: string, title: string): Page {
  const origin = frameOrigin(target);
  return origin ? framedPage(target, origin, title) : splashPage(target, title);
}

export function overlayPage(target: string, title: string, config: { message: string; button: string }): Page {
  const origin = frameOrigin(target);
  return origin ? framedPage(target, origin, title, config) : splashPage(target, title);
}

export interface ListedLink {
  /** The title its owner set (the link's meta title), '' when none. */
  title: string;
  shortUrl: string;
}

/**
 * A public campaign's links: the short URL and the title its owner set, nothing else. Never a
 * destination, nor a title made from one (a protected link's destination is its secret).
 */
export function campaignListPage(name: string, links: readonly ListedLink[]): Page {
  const items = links
    .map((l) => {
      const u = escapeHtml(l.shortUrl);
      return l.title
        ? `<li><a href="${u}">${userText(l.title)}</a><br><span class="muted">${urlText(l.shortUrl)}</span></li>`
        : `<li><a href="${u}">${urlText(l.shortUrl)}</a></li>`;
    })
    .join('\n');
  const heading = `<h1>${userText(name || 'Campaign')}</h1>`;
  const body = links.length ? `${heading}\n<ul>\n${items}\n</ul>` : `${heading}\n<p class="muted">This campaign has no links yet.</p>`;
  return page(200, name || 'Campaign', body);
}
