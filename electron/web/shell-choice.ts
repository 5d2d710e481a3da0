/** What the launcher learned about the Electron binary. */
export type ElectronProbe =
  { available: true; binary: string } | { available: false; reason: string };

export interface ShellChoiceInput {
  /** `npm run start:web`: no Electron at all (and no download attempt). */
  forceWeb: boolean;
  /** Null when not probed (forceWeb). */
  electron: ElectronProbe | null;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** Running as root (uid 0). */
  isRoot: boolean;
}

export type ShellChoice =
  { shell: 'electron'; binary: string } | { shell: 'web'; reason: string | null };

/** Electron where it can run; otherwise the web shell, with the reason in words for the user. */
export function chooseShell(input: ShellChoiceInput): ShellChoice {
  if (input.forceWeb) return { shell: 'web', reason: null };
  const electron = input.electron;
  if (!electron || !electron.available) {
    return {
      shell: 'web',
      reason: electron?.reason ?? 'The Electron binary could not be looked for.',
    };
  }
  if (input.platform === 'linux' && !input.env['DISPLAY'] && !input.env['WAYLAND_DISPLAY']) {
    return {
      shell: 'web',
      reason:
        'There is no graphical display here (neither DISPLAY nor WAYLAND_DISPLAY is set), so the Linkdeck window cannot open.',
    };
  }
  if (input.platform === 'linux' && input.isRoot) {
    return {
      shell: 'web',
      reason:
        'Linkdeck is running as root, and Electron starts as root only with its sandbox switched off, which Linkdeck will not do.',
    };
  }
  return { shell: 'electron', binary: electron.binary };
}

/** The one paragraph printed when Linkdeck runs in the browser (with the reason, if it fell back). */
export function fallbackMessage(
  reason: string | null,
  url: string,
  browserOpened: boolean,
): string {
  const instead = reason ? ' instead' : '';
  const where = browserOpened
    ? `Linkdeck is starting in your browser${instead}: ${url}`
    : `Linkdeck is running in the web shell${instead}; open this address in a browser on this machine: ${url}`;
  const care =
    '(The address carries a private key for this run: do not share it. Press Ctrl+C here to stop Linkdeck.)';
  return [reason, where, care].filter(Boolean).join(' ');
}

/**
 * Why downloading the Electron binary failed, in a few words, from what the download printed
 * (`@electron/get` prints the underlying error's stack; electron/index.js then throws a generic
 * "failed to install correctly").
 */
export function downloadFailureReason(output: string, thrownMessage: string): string {
  const lines = output.split(/\r?\n/).map((line) => line.trim());
  const cause = lines.find(
    (line) => /^([A-Z]\w*)?Error\b.*:/.test(line) && !/failed to install correctly/i.test(line),
  );
  const code = /\b(E[A-Z]{3,}[A-Z_]*)\b/.exec(output)?.[1];
  const detail = cause ?? thrownMessage.split('\n')[0] ?? 'unknown error';
  return code && !detail.includes(code) ? `${detail}, ${code}` : detail;
}

/** The explanation for a binary that is missing and could not be downloaded. */
export function electronUnavailableReason(detail: string): string {
  return `The Electron binary is not installed and could not be downloaded (${detail}).`;
}

/**
 * Electron 45's download (electron/install.js) loads @electron/get and its unzipper, both ES
 * modules, with require(): that works on Node 20.19+ (20.x) and 22.12+, not on 21.x or 22.0-22.11
 * (nor before 20.19). Returns why the binary cannot be fetched on this Node, or null when it can.
 */
export function nodeBlocksElectronDownload(nodeVersion: string): string | null {
  const [major = 0, minor = 0] = nodeVersion.replace(/^v/, '').split('.').map(Number);
  const requireEsm = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
  if (requireEsm) return null;
  return `The Electron binary is not installed, and Node ${nodeVersion.replace(/^v/, '')} cannot run its download (Electron 45's downloader needs Node 22.12 or later, or 20.19 or later on Node 20).`;
}

/** Whether a failed download's output shows Node refusing to require() the downloader's ES modules. */
export function downloadFailedOnNode(output: string): boolean {
  return /ERR_REQUIRE_ESM|ERR_REQUIRE_ASYNC_MODULE/.test(output);
}
