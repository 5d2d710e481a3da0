/** The bridge calls of the pixels section (components reach the app only through bridge.ts). */
import { call } from '../../bridge.js';
import type { OutboxItem, PixelInput } from '../../../../electron/shared/models.js';
import type { OutboxOutcome } from '../../../../electron/shared/contract.js';

export const createPixel = (input: PixelInput): Promise<OutboxItem> => call('pixels:create', input);
/** Resolves when the service took the change; rejects with its refusal in words. */
export const waitForOutcome = (opId: string): Promise<OutboxOutcome> => call('outbox:wait', { opId });
