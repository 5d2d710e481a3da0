import { peekEarlyAnswer, startEarlyCalls } from './early-calls.js';
import { startFirstPaint } from './first-paint/first-paint.js';
import { firstWindowQuery } from './stores/links-first-window.js';
import './styles/base.css';
import './first-paint/first-paint.css';

/*
 * The page's first script, small on purpose (no Vue): it asks the first screen's questions,
 * asks for the app's code, and draws the first rows as soon as they are back, while the app's
 * code is still being fetched, compiled and mounted (app-start.ts).
 */

// The first screen's questions (the profiles, and the Links view's first rows when the window
// opens on Links) travel while the app loads, instead of after it mounts, one after the other.
const route = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
// The router sends '/' (and an empty address) to Links; any other route asks for its own data.
const opensOnLinks = route === '' || route === '/' || route === '/links';
startEarlyCalls([{ channel: 'profiles:list' }, ...(opensOnLinks ? [{ channel: 'links:list' as const, arg: firstWindowQuery() }] : [])]);
if (opensOnLinks) startFirstPaint(peekEarlyAnswer('links:list', firstWindowQuery()));

// Asked for after the questions: in the web shell the files and the backend's queries share one
// Node thread, and the first window's query (a few ms) holds up the files less than they would
// hold up the first rows.
const appStarted = import('./app-start.js');

// A page that cannot load its code says so in words instead of staying blank.
appStarted.catch((error: unknown) => {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = `Linkdeck could not load: ${error instanceof Error ? error.message : String(error)}. Reload the window to try again.`;
  document.body.replaceChildren(message);
});
