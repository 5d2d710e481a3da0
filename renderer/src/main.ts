import { peekEarlyAnswer, startEarlyCalls } from './early-calls.js';
import { appCodeCue } from './first-paint/app-code-cue.js';
import { startFirstPaint } from './first-paint/first-paint.js';
import { firstPaintText } from './first-paint/first-paint-words.js';
import { firstWindowQuery } from './stores/links-first-window.js';
import './styles/base.css';
import './first-paint/first-paint.css';

/*
 * The page's first script, small on purpose (no Vue): it asks the first screen's questions,
 * draws the first rows as soon as they are back, and loads the app itself (app-start.ts), which
 * takes the same answers as it mounts.
 */

/**
 * The app's code is asked for once the first rows are drawn (app-code-cue.ts), or after this long at most.
 * Fetched and compiled alongside, it held the first rows' answer and drawing up by 30-90 ms, and
 * the app's own view came no sooner (medians of 7 cold loads on an idle machine: first rows
 * 400 -> 299 ms, the app's own view 946 -> 845 ms). The bound keeps a slow backend from holding
 * the app up.
 */
const FIRST_ROWS_HEAD_START_MS = 100;

const route = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
// The router sends '/' (and an empty address) to Links; any other route asks for its own data.
const opensOnLinks = route === '' || route === '/' || route === '/links';
// The first rows' question goes first: the backend answers in the order it is asked, and the
// profiles' answer is needed only once the app has loaded.
startEarlyCalls([...(opensOnLinks ? [{ channel: 'links:list' as const, arg: firstWindowQuery() }] : []), { channel: 'profiles:list' }]);

const firstRows = opensOnLinks ? peekEarlyAnswer('links:list', firstWindowQuery()) : undefined;
startFirstPaint(firstRows);

const appStarted = appCodeCue(firstRows, FIRST_ROWS_HEAD_START_MS).then(() => import('./app-start.js'));

// A page that cannot load its code says so in words instead of staying blank.
appStarted.catch((error: unknown) => {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = firstPaintText('firstPaint.loadFailed', { error: error instanceof Error ? error.message : String(error) });
  document.body.replaceChildren(message);
});
