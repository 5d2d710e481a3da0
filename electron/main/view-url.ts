import { startUrl, type AppLocation } from './app-location.js';

/**
 * A renderer route Linkdeck opens from outside the page (a notification's click, `linkdeck open`):
 * one plain segment, or the links view with one link's detail open (`/links?open=<id>`).
 */
const VIEW = /^\/[a-z][a-z-]*$|^\/links\?open=[1-9][0-9]{0,14}$/;

/**
 * The main window's URL for a view: the same document with the route in the fragment, so the
 * window moves there in place (the renderer routes with the hash). Null for anything but a plain
 * route: the caller then only shows the window.
 */
export function viewUrl(location: AppLocation, view: string | null): string | null {
  if (view === null || !VIEW.test(view)) return null;
  return `${startUrl(location)}#${view}`;
}
