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
 * The absolute path a request path names inside `rootDir`, or null. A path that would leave the
 * directory (`..`, encoded or not) names nothing.
 */
function staticPath(root: string, requestUrl: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, 'http://shell.invalid').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  if (pathname.endsWith('/')) pathname += 'index.html';
  const full = resolve(root, `.${pathname}`);
  return full.startsWith(root + sep) ? full : null;
}

async function readFull(root: string, full: string): Promise<StaticFile | null> {
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

/** The files a page names in `src="…"` and `href="…"`: its first script's, read as the shell starts. */
const NAMED_FILE = /\b(?:src|href)="([^"#?]+)"/g;

/**
 * The renderer's files, each read from disk once. A built renderer does not change while the shell
 * runs (launch.ts builds before it starts) and its hashed names change with their contents; only
 * index.html is read at every request, so after a rebuild the page names the new files. A read
 * from disk is a stat and a read, several hops through Node's thread pool each, and a page asks
 * for its first script's seven files at once: with a busy CPU these hops queued behind each other
 * (docs/benchmarks.md, "The rate meter's animation, and the floor page measured with the same
 * instrument"). `warm` reads the files index.html names, so the first load is served from memory
 * too. Only files that exist are kept, under their resolved path: what is kept is bounded by the
 * directory, however a request spells a name.
 */
export function staticFiles(rootDir: string): { read(requestUrl: string): Promise<StaticFile | null>; warm(): Promise<void> } {
  const root = resolve(rootDir);
  const kept = new Map<string, StaticFile>();
  const read = async (requestUrl: string): Promise<StaticFile | null> => {
    const full = staticPath(root, requestUrl);
    if (full === null) return null;
    const hit = kept.get(full);
    if (hit) return hit;
    const file = await readFull(root, full);
    if (file && file.relative !== 'index.html') kept.set(full, file);
    return file;
  };
  return {
    read,
    async warm() {
      const index = await readFull(root, resolve(root, 'index.html'));
      const names = index ? [...index.body.toString('utf8').matchAll(NAMED_FILE)].map((m) => new URL(m[1] ?? '', 'http://shell.invalid/').pathname) : [];
      await Promise.all(names.map((name) => read(name)));
    },
  };
}
