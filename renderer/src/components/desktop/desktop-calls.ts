/**
 * The bridge calls of the quick-shorten window and the desktop settings card, in one place
 * (components reach the app only through bridge.ts).
 */
import { call, onEvent } from '../../bridge.js';
import { validateWebUrl } from '../../../../electron/shared/link-validation.js';
import type { LinkInput, MirrorLink, OutboxItem } from '../../../../electron/shared/models.js';
import type { OutboxOutcome } from '../../../../electron/shared/contract.js';
import type { DesktopSettings, DesktopSettingsPatch } from '../../../../electron/shared/desktop.js';

export const createLink = (input: LinkInput): Promise<OutboxItem> => call('links:create', input);
export const waitForOutcome = (opId: string): Promise<OutboxOutcome> => call('outbox:wait', { opId });
export const discardOperation = (opId: string): Promise<void> => call('outbox:discard', { opId });
export const findReusable = (url: string): Promise<MirrorLink | null> => call('links:reusable', { url });
export const isOnline = async (): Promise<boolean> => (await call('connection:state')).online !== false;
export const desktopSettings = (): Promise<DesktopSettings> => call('desktop:settings');
export const configureDesktop = (patch: DesktopSettingsPatch): Promise<DesktopSettings> => call('desktop:configure', patch);
export const onDesktopChanged = (listener: (settings: DesktopSettings) => void): (() => void) => onEvent('desktop:changed', listener);

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
