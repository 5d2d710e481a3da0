/**
 * The offline mirror (issue 4): how fresh an answer is, mirrored objects of the small collections
 * (with the outbox's marks), collections a service does not offer, and a QR code's mirrored
 * details. The links' side is in mirror-links.ts. Part of the shared models (see ../models.ts).
 */
import type { MessageRef } from '../message-ref.js';
import type { OutboxMarks } from './outbox.js';
import type { QrCode, QrDetails } from './qr.js';

/** Where an answer came from and how fresh it is. */
export interface Freshness {
  source: 'mirror';
  /** Unix ms of the last complete sync of what the answer shows; null: never synced. */
  syncedAt: number | null;
}

/** A mirrored object of a small collection, with the outbox's marks. */
export type Mirrored<T> = T & OutboxMarks & { provisional: boolean };

export interface MirrorList<T> extends Freshness {
  items: Mirrored<T>[];
  /**
   * Set when the profile's service has no endpoint for this collection (an older version): the
   * list is empty for that reason, nothing can be made in it, and the sync asks again later.
   */
  notOffered?: NotOffered;
}

/** The small collections a service may lack (older deployments have no routes for some). */
export type OptionalCollection =
  'domains' | 'channels' | 'campaigns' | 'pixels' | 'overlays' | 'splash' | 'qrs';

/** Why a collection is "not offered by this service", and when the app asks again. */
export interface NotOffered {
  /** Words for a person: what the service does not offer and what it answered (English). */
  message: string;
  /** The same as a message key and arguments, in the person's language (issue 44; older marks have none). */
  ref?: MessageRef;
  /** Unix ms of the first answer that said the endpoint is missing. */
  since: number;
  /** Unix ms of the last time the service was asked. */
  checkedAt: number;
  /** Unix ms from which the sync asks again by itself (a manual refresh asks at once). */
  nextCheckAt: number;
}

/** A QR code's details as the mirror holds them. */
export interface MirrorQrDetails {
  qr: Mirrored<QrCode>;
  details: QrDetails | null;
  fetchedAt: number | null;
  source: 'mirror' | 'network';
}
