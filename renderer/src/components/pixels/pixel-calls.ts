/** The bridge calls of the pixels section (components reach the app only through bridge.ts). */
import { call } from '../../bridge.js';
import type { OutboxItem, PixelInput, PixelUpdateInput } from '../../../../electron/shared/models.js';
import type { OutboxOutcome } from '../../../../electron/shared/contract.js';

export const createPixel = (input: PixelInput): Promise<OutboxItem> => call('pixels:create', input);
/** Name and tag only: a pixel keeps its platform (the tag's format depends on it). */
export const updatePixel = (id: number, input: PixelUpdateInput): Promise<OutboxItem> => call('pixels:update', { id, ...input });
export const deletePixel = (id: number): Promise<OutboxItem> => call('pixels:delete', { id });
/** Resolves when the service took the change; rejects with its refusal in words. */
export const waitForOutcome = (opId: string): Promise<OutboxOutcome> => call('outbox:wait', { opId });
