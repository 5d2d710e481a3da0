import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  /** Path relative to the root, with forward slashes ("index.html", "assets/app.js"). */
  relative: string;
  body: Buffer;
  type: string;
}

/**
 * Reads the file a request path names inside `rootDir`, or null when there is none. A path that
 * would leave the directory (`..`, encoded or not) is treated as missing.
 */
export async function readStaticFile(
  rootDir: string,
  requestUrl: string,
): Promise<StaticFile | null> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, 'http://shell.invalid').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  if (pathname.endsWith('/')) pathname += 'index.html';
  const root = resolve(rootDir);
  const full = resolve(root, `.${pathname}`);
  if (!full.startsWith(root + sep)) return null;
  try {
    if (!(await stat(full)).isFile()) return null;
    return {
      relative: full
        .slice(root.length + 1)
        .split(sep)
        .join('/'),
      body: await readFile(full),
      type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}
