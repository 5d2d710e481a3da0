import { net } from 'electron';
import { chromiumFetch } from '../backend/net/chromium-fetch.js';

/**
 * The API client's fetch in the desktop app: Electron's `net.fetch`, on the default session,
 * so the OS proxy settings, PAC files and trusted roots (a company's too) apply as in the
 * user's browser; Node's fetch ignores them. `net` may be used only once the app is ready:
 * `net.fetch` is looked up at call time, and the backend makes calls only after `whenReady`.
 */
export const electronFetch: typeof fetch = chromiumFetch((input, init) => net.fetch(input, init));
