import { spawn } from 'node:child_process';

/**
 * Opens web addresses in the user's default browser. The address may come from a remote link
 * service, so it never meets a shell: it is parsed (only http and https are opened at all),
 * normalised by the URL parser (which percent-encodes spaces, quotes, "<" and ">" and drops
 * tabs and newlines) and passed as ONE argument to a program that reads no shell syntax:
 *   - Windows: rundll32 url.dll,FileProtocolHandler <url> (what Go's pkg/browser does). The
 *     former `cmd /c start "" <url>` let "|", ">", "^" and "%VAR%" of a URL reach cmd.
 *   - macOS: open <url>;  Linux and the BSDs: xdg-open <url> (only with a display).
 * The `open` package was the alternative: on Windows it runs PowerShell with an encoded
 * command, also safe, but it reads the platform itself, so its branches could not be tested
 * here, and PowerShell takes a few hundred milliseconds to start.
 */

export interface BrowserCommand {
  command: string;
  args: string[];
}

/** The address as it will be opened, or an error saying why it is not opened. */
export function openableUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`"${url.slice(0, 200)}" is not a web address, so it is not opened.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`Only http and https addresses are opened in the browser, not ${parsed.protocol} ones.`);
  }
  // The parser never leaves these in an http(s) address; refuse rather than trust that blindly.
  if (/[\s"\p{Cc}]/u.test(parsed.href)) throw new Error('The address contains characters that cannot be opened.');
  return parsed.href;
}

/**
 * The program and arguments that open `url`, or null where there is no opener (Linux without
 * a display). Throws for an address that is not http(s).
 */
export function browserCommand(
  url: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): BrowserCommand | null {
  const href = openableUrl(url);
  if (platform === 'darwin') return { command: 'open', args: [href] };
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', href] };
  if (!env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return null;
  return { command: 'xdg-open', args: [href] };
}

export interface OpenerHost {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Opens the URL in the default browser; resolves false when no browser could be started, and
 * rejects for an address that is not http(s).
 */
export async function openInBrowser(url: string, host: OpenerHost = { platform: process.platform, env: process.env }): Promise<boolean> {
  const command = browserCommand(url, host.platform, host.env);
  if (!command) return false;
  return new Promise((resolvePromise) => {
    const child = spawn(command.command, command.args, {
      stdio: 'ignore',
      detached: true,
      env: { ...host.env },
      // No shell, and Node's own quoting of each argument on Windows (never verbatim).
      shell: false,
      windowsVerbatimArguments: false,
    });
    child.on('error', () => resolvePromise(false));
    child.on('exit', (code) => resolvePromise(code === 0));
    child.unref();
  });
}
