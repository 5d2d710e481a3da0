import { shell, type Session, type WebContents } from 'electron';
import type { AppLocation } from './app-location.js';
import { isAppUrl } from './app-location.js';
import { contentSecurityPolicy } from './csp.js';
import { KeyedError } from '../shared/keyed-error.js';
import { externalUrlRefusal, isSafeExternalUrl } from './external-url.js';
import { isPermissionAllowed } from './permissions.js';

type Log = (message: string) => void;

/**
 * Session-wide rules: the CSP header on our pages (a file:// page gets no headers, there the
 * <meta> written at build time applies; both carry the same policy) and permissions.
 */
export function secureSession(session: Session, location: AppLocation, log: Log): void {
  const csp = contentSecurityPolicy({ dev: location.kind === 'dev-server' });
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url, location)) return callback({});
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers))
      if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed = isPermissionAllowed(permission, details.requestingUrl, location);
    if (!allowed) log(`[security] refused permission ${permission} for ${details.requestingUrl}`);
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, _origin, details) =>
    isPermissionAllowed(permission, details.requestingUrl ?? '', location),
  );
  // No USB, HID or serial device for the page, not even one the user would pick: a request is
  // cancelled before any chooser, and no device counts as granted.
  session.setDevicePermissionHandler(() => false);
  session.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  session.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  session.on('select-serial-port', (event, _ports, _contents, callback) => {
    event.preventDefault();
    callback('');
  });
}

/**
 * The one way Linkdeck hands a URL to the OS: http(s) only, since a file:, smb: or custom-scheme
 * URL could start a local program.
 */
export async function openExternalSafely(url: string): Promise<void> {
  const refusal = externalUrlRefusal(url);
  // A keyed error: the backend's app:open-external hands its words on in the person's language.
  if (refusal) throw new KeyedError(refusal);
  await shell.openExternal(url);
}

/** Keeps a window on our app: no navigation away, no new windows; web links go to the OS browser. */
export function secureContents(contents: WebContents, location: AppLocation, log: Log): void {
  const openOutside = (url: string): void => {
    if (isSafeExternalUrl(url))
      void openExternalSafely(url).catch((error: unknown) =>
        log(`[security] could not open ${url}: ${String(error)}`),
      );
    else log(`[security] refused to open ${url.slice(0, 200)}`);
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url, location)) return;
    event.preventDefault();
    openOutside(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (event.isMainFrame && !isAppUrl(event.url, location)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
