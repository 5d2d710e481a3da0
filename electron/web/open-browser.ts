import { spawn } from 'node:child_process';

/** The command that opens a URL in the user's default browser, or null where there is none. */
export function browserCommand(
  url: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): { command: string; args: string[] } | null {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; the empty "" is its window title, so the URL is not taken for one.
  if (platform === 'win32')
    return { command: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
  if (!env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return null;
  return { command: 'xdg-open', args: [url] };
}

/** Opens the URL in the default browser; resolves false when that is not possible. */
export function openInBrowser(url: string): Promise<boolean> {
  const command = browserCommand(url, process.platform, process.env);
  if (!command) return Promise.resolve(false);
  return new Promise((resolvePromise) => {
    const child = spawn(command.command, command.args, {
      stdio: 'ignore',
      detached: true,
      windowsVerbatimArguments: process.platform === 'win32',
    });
    child.on('error', () => resolvePromise(false));
    child.on('exit', (code) => resolvePromise(code === 0));
    child.unref();
  });
}
