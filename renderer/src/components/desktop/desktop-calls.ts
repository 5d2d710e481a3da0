/**
 * The bridge calls of the quick-shorten window and the desktop settings card, in one place
 * (components reach the app only through bridge.ts).
 */
import { call, onEvent } from '../../bridge.js';
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

export { clipboardUrl, copyToClipboard, type BrowserClipboard } from '../../composables/clipboard-text.js';
