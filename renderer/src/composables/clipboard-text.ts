/**
 * The clipboard as the renderer uses it: through the app where it has the OS clipboard (the
 * desktop shell; what Linkdeck writes there is ignored by the clipboard watch), else the
 * browser's clipboard where the page may use it (the web shell).
 */
import { call } from '../bridge.js';
import { validateWebUrl } from '../../../electron/shared/link-validation.js';

/** Browser clipboard access where the page may have it (the web shell); absent under test or when refused. */
export interface BrowserClipboard {
  readText?: () => Promise<string>;
  writeText?: (text: string) => Promise<void>;
}

const browserClipboard = (): BrowserClipboard | undefined => (typeof navigator === 'undefined' ? undefined : navigator.clipboard);

/**
 * The URL to pre-fill from the clipboard: the app's clipboard (desktop), else the browser's when
 * the page may read it. Anything but one web address is ignored; a refusal is not an error here.
 */
export async function clipboardUrl(browser: BrowserClipboard | undefined = browserClipboard()): Promise<string | null> {
  try {
    const { url } = await call('clipboard:read-url');
    if (url) return url;
  } catch {
    // The web shell has no OS clipboard: try the browser's below.
  }
  try {
    const text = (await browser?.readText?.())?.trim() ?? '';
    return text && !/\s/.test(text) && validateWebUrl(text) === null ? text : null;
  } catch {
    return null;
  }
}

/**
 * Puts the short URL on the clipboard: through the app (which the clipboard watch then ignores),
 * else the browser's. False when neither could: the URL stays on screen to copy by hand.
 */
export async function copyToClipboard(text: string, browser: BrowserClipboard | undefined = browserClipboard()): Promise<boolean> {
  try {
    await call('clipboard:write', { text });
    return true;
  } catch {
    // The web shell refuses: use the browser's clipboard.
  }
  try {
    if (!browser?.writeText) return false;
    await browser.writeText(text);
    return true;
  } catch {
    return false;
  }
}
