import { shortUrlParts } from '../components/links-list/short-url.js';
import { shownTitle } from '../components/links-list/shown-title.js';
import { formatNumber } from '../i18n/format.js';
import { firstPaintText } from './first-paint-words.js';

/**
 * The first rows drawn before the app has loaded (issue 15, first rows after a cold load).
 *
 * A cold start spends most of its time fetching, compiling and mounting Vue, Naive UI and the
 * Links view; the first window of links (asked for at the top of main.ts) is back long before.
 * So the page's first script draws that window at once, in plain DOM over the whole window, the
 * way the links benchmark's floor page does, and the app removes the drawing (`endFirstPaint`)
 * once its own Links view shows its rows, or once its first screen is something else.
 *
 * Plain DOM and text nodes only (never HTML from the answer), no framework, no import beyond the
 * list's short-URL split and title rule: this file is part of the page's first script, and its
 * size is the start's.
 */

/** Rows drawn at most: more than a tall window shows; the app's own list replaces them. */
const ROWS = 30;
/** A row's height (first-paint.css), for the rows a window can show. */
const ROW_HEIGHT = 48;

/**
 * As many rows as the window could show if they began at its top, no more: the rows start below
 * the heading, so a few of these are already out of sight. Rows below the window were laid out and
 * painted all the same, in the first frame of a page whose fonts and layout code are cold
 * (a browser's first load: a 94 ms frame, 49 ms of it layout, with 30 rows).
 */
function rowsShown(doc: Document): number {
  const height = doc.defaultView?.innerHeight ?? 0;
  return height > 0 ? Math.min(ROWS, Math.ceil(height / ROW_HEIGHT)) : ROWS;
}
const ROOT_ID = 'first-paint';

/** What the drawing needs of a `links:list` answer (a bridge envelope). */
interface FirstWindowAnswer {
  ok: boolean;
  value?: {
    total?: unknown;
    items?: unknown;
  };
}

interface RowLink {
  shortUrl: string;
  longUrl: string;
  title: string;
  clicks: number;
  date: string;
}

let ended = false;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function rowLinks(items: unknown, count: number): RowLink[] {
  if (!Array.isArray(items)) return [];
  return items.slice(0, count).flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const link = item as Record<string, unknown>;
    return [
      {
        shortUrl: text(link['shortUrl']),
        longUrl: text(link['longUrl']),
        title: text(link['title']),
        clicks: typeof link['clicks'] === 'number' ? link['clicks'] : 0,
        date: text(link['date']).slice(0, 10),
      },
    ];
  });
}

function element(doc: Document, tag: string, className: string, content?: string): HTMLElement {
  const el = doc.createElement(tag);
  el.className = className;
  if (content !== undefined) el.textContent = content;
  return el;
}

function row(doc: Document, link: RowLink): HTMLElement {
  const el = element(doc, 'div', 'first-paint__row');
  el.setAttribute('data-testid', 'first-paint-row');
  const short = element(doc, 'span', 'first-paint__short');
  const parts = shortUrlParts(link.shortUrl);
  short.append(element(doc, 'span', 'first-paint__host', parts.host), element(doc, 'span', 'first-paint__alias', parts.alias));
  const main = element(doc, 'span', 'first-paint__main');
  const title = shownTitle(link.title, link.longUrl);
  if (title) main.append(element(doc, 'span', 'first-paint__title', title));
  main.append(element(doc, 'span', title ? 'first-paint__long' : 'first-paint__title', link.longUrl));
  const clicks = element(doc, 'span', 'first-paint__clicks', formatNumber(link.clicks));
  // The list's columns (base.css): the check box, channel, campaign and state come with the app.
  el.append(element(doc, 'span', ''), short, main, clicks, element(doc, 'span', '', link.date));
  return el;
}

/**
 * Draws the first window once its answer is back, unless the app has ended the first paint
 * already (it was quicker) or the answer has no rows (an error or an empty list: the app says
 * those in words, so nothing is drawn).
 */
export function startFirstPaint(answer: Promise<unknown> | undefined, doc: Document = document): void {
  ended = false;
  void answer?.then(
    (value) => {
      const envelope = value as FirstWindowAnswer | null;
      if (ended || !envelope?.ok) return;
      const links = rowLinks(envelope.value?.items, rowsShown(doc));
      if (links.length === 0) return;
      const root = element(doc, 'div', 'first-paint');
      root.id = ROOT_ID;
      root.setAttribute('data-testid', 'first-paint');
      // The app's own view replaces this in a moment; assistive technology waits for that one.
      root.setAttribute('aria-hidden', 'true');
      const total = typeof envelope.value?.total === 'number' ? envelope.value.total : links.length;
      const side = element(doc, 'div', 'first-paint__side');
      side.append(element(doc, 'div', 'first-paint__brand', 'Linkdeck'));
      const main = element(doc, 'div', 'first-paint__body');
      const page = element(doc, 'div', 'first-paint__page');
      // Where the app's search box and filters will be, so the rows sit about where its own will.
      const tools = element(doc, 'div', 'first-paint__tools');
      tools.append(element(doc, 'span', 'first-paint__search'));
      page.append(
        element(doc, 'div', 'first-paint__heading', firstPaintText('firstPaint.links')),
        tools,
        element(doc, 'div', 'first-paint__count', firstPaintText('firstPaint.linkCount', { n: total })),
      );
      const list = element(doc, 'div', 'first-paint__list');
      list.append(element(doc, 'div', 'first-paint__head'), ...links.map((link) => row(doc, link)));
      page.append(list);
      main.append(element(doc, 'div', 'first-paint__bar'), page);
      root.append(side, main);
      doc.body.append(root);
    },
    () => undefined,
  );
}

/** The app's own first screen is up: the drawing goes (or is never made). */
export function endFirstPaint(doc: Document = document): void {
  ended = true;
  doc.getElementById(ROOT_ID)?.remove();
}
