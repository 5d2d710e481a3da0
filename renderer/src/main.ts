import { startEarlyCalls } from './early-calls.js';
import { firstWindowQuery } from './stores/links-first-window.js';
import './styles/base.css';

/**
 * The page's first script, kept tiny on purpose: it asks the backend the questions of the first
 * screen (the profiles, and the Links view's first rows when the window opens on Links) and only
 * then loads the app. The answers travel while the app's code downloads, compiles and mounts,
 * so the first rows wait for the slower of the two instead of for both, one after the other.
 */
const route = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
// The router sends '/' (and an empty address) to Links; any other route asks for its own data.
const opensOnLinks = route === '' || route === '/' || route === '/links';
startEarlyCalls([{ channel: 'profiles:list' }, ...(opensOnLinks ? [{ channel: 'links:list' as const, arg: firstWindowQuery() }] : [])]);

import('./app-start.js').catch((error: unknown) => {
  // Nothing of the app is there to say it: say it here, in words, with the way out.
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  const app = document.getElementById('app');
  if (app) app.textContent = `Linkdeck could not load its window${reason}. Restart Linkdeck; if it keeps happening, reinstall it.`;
});
