/**
 * Linkdeck's own models of what the link service serves, normalised from the many shapes real
 * deployments answer with (see electron/backend/api). Pure types: every layer imports them.
 *
 * Dates are kept as the service wrote them (`YYYY-MM-DD HH:MM:SS`, or `YYYY-MM-DD` for channel
 * items) because the service does not say which time zone it means; they sort as text.
 *
 * The models live in models/, one subject a file; this file gathers them so every layer imports
 * one place.
 */
export type { ClearedOnUpdate } from './link-update.js';
export type { PixelType } from './pixel-types.js';

export * from './models/answers.js';
export * from './models/links.js';
export * from './models/workspace.js';
export * from './models/qr.js';
export * from './models/account.js';
export * from './models/request-queue.js';

/* ------------------------------------------------------------------------------------------
 * The offline mirror, its sync and the outbox (issue 4). What list views read, what the sync
 * reports and what the outbox view shows.
 * ---------------------------------------------------------------------------------------- */

export * from './models/mirror.js';
export * from './models/outbox.js';
export * from './models/mirror-links.js';
export * from './models/sync.js';
