import { isAppUrl, type AppLocation } from './app-location.js';

/**
 * The only web permission the page gets: writing plain text to the clipboard from our own page
 * ("copy short URL"). Chromium sanitises that write and it reads nothing back. Everything else
 * (camera, notifications from the page, geolocation, clipboard read, …) is refused; the app's
 * own notifications and clipboard watching go through the main process, not the page.
 */
const GRANTED = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  location: AppLocation,
): boolean {
  return GRANTED.has(permission) && isAppUrl(requestingUrl, location);
}
