import { pathToFileURL } from 'node:url';

/**
 * Where our renderer lives: a file in out/renderer (packaged or preview) or the Vite dev server.
 * Pure so that the IPC guard and the navigation guard can be tested without Electron.
 */
export type AppLocation = { kind: 'file'; url: string } | { kind: 'dev-server'; origin: string };

export function fileLocation(indexHtmlPath: string): AppLocation {
  return { kind: 'file', url: pathToFileURL(indexHtmlPath).href };
}

export function devServerLocation(serverUrl: string): AppLocation {
  return { kind: 'dev-server', origin: new URL(serverUrl).origin };
}

/** The URL to load into the window. */
export function startUrl(location: AppLocation): string {
  return location.kind === 'file' ? location.url : `${location.origin}/`;
}

/**
 * Whether `url` is a page of our app. The fragment is ignored (the renderer routes with it); for
 * a file, the query too, and nothing but our own index.html counts.
 */
export function isAppUrl(url: unknown, location: AppLocation): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (location.kind === 'dev-server')
    return parsed.origin === location.origin && parsed.origin !== 'null';
  const expected = new URL(location.url);
  return (
    parsed.protocol === 'file:' &&
    parsed.host === expected.host &&
    parsed.pathname === expected.pathname
  );
}
