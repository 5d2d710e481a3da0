export { createOutbox, type Outbox, type OutboxOptions, type OutboxResult } from './outbox.js';
export type { OutboxApi } from './outbox-api.js';
export type { TargetKind } from './ops.js';
