/**
 * The outbox (issue 4): the changes it carries to the service, its items and summary, and the
 * marks it leaves on mirrored objects. Part of the shared models (see ../models.ts).
 */
import type { MessageParams, MessageRef } from '../message-ref.js';
import type { LinkInput, LinkUpdateInput } from './links.js';
import type { QrInput, QrUpdateInput } from './qr.js';
import type {
  CampaignInput,
  ChannelInput,
  ChannelItemType,
  DomainInput,
  PixelInput,
  PixelUpdateInput,
} from './workspace.js';

/** A change not yet confirmed by the service. */
export type PendingKind = 'create' | 'update' | 'delete';

/** The outbox's marks on a mirrored object (a link, channel, campaign …). */
export interface OutboxMarks {
  /** The newest unconfirmed change, or null. */
  pending: PendingKind | null;
  /** The message for a change the service refused (English, as the command line shows it), or null. */
  failed: string | null;
  /** The same refusal as a message key, when it was kept as one (not for marks older than issue 44). */
  failedRef?: MessageRef;
  /** The outbox operation behind `pending`/`failed` (to retry or discard it), or null. */
  opId: string | null;
}

/** Every change the outbox carries to the service. Ids may be provisional (negative). */
export type OutboxMutation =
  | { kind: 'link.create'; input: LinkInput }
  | { kind: 'link.update'; id: number; input: LinkUpdateInput }
  | { kind: 'link.delete'; id: number }
  | { kind: 'channel.create'; input: ChannelInput }
  | { kind: 'channel.update'; id: number; input: Partial<ChannelInput> }
  | { kind: 'channel.delete'; id: number }
  | { kind: 'channel.assign'; channelId: number; type: ChannelItemType; itemId: number }
  | { kind: 'campaign.create'; input: CampaignInput }
  | { kind: 'campaign.update'; id: number; input: CampaignInput & { name: string } }
  | { kind: 'campaign.delete'; id: number }
  | { kind: 'campaign.assign'; campaignId: number; linkId: number }
  | { kind: 'domain.create'; input: DomainInput }
  | { kind: 'domain.update'; id: number; input: Omit<DomainInput, 'domain'> }
  | { kind: 'domain.delete'; id: number }
  | { kind: 'pixel.create'; input: PixelInput }
  | { kind: 'pixel.update'; id: number; input: PixelUpdateInput }
  | { kind: 'pixel.delete'; id: number }
  | { kind: 'qr.create'; input: QrInput }
  | { kind: 'qr.update'; id: number; input: QrUpdateInput }
  | { kind: 'qr.delete'; id: number };

export type OutboxKind = OutboxMutation['kind'];

/** queued: waiting its turn (or a retry); sending: on the wire; failed: refused, kept for the user. */
export type OutboxState = 'queued' | 'sending' | 'failed';

/**
 * A failed attempt as the outbox keeps it: `message` in English (logs, the command line's
 * `--json`, a remote service's own words), and since issue 44 Linkdeck's own sentences also as a
 * message key with arguments, shown in the person's language. Rows kept by older versions have
 * `message` only and are shown as they are.
 */
export interface OutboxError {
  code: string;
  message: string;
  key?: string;
  params?: MessageParams;
}

export interface OutboxItem {
  opId: string;
  /** Position in the profile's queue (sent in this order). */
  seq: number;
  mutation: OutboxMutation;
  state: OutboxState;
  /** What it does, in English words: "Create a link to https://…". */
  summary: string;
  /** The same as a message, shown in the person's language (issue 44; absent from older backends). */
  summaryRef?: MessageRef;
  /** For a create: the provisional id the mirror shows until the service answers. */
  provisionalId: number | null;
  attempts: number;
  /** The last failure (the service's message for a refusal). */
  lastError: OutboxError | null;
  /** Unix ms of the next attempt after a transient failure, or null. */
  nextAttemptAt: number | null;
  /** True after an attempt whose answer never came: the next one looks the result up first. */
  outcomeUnknown: boolean;
  /**
   * The opId of the change this one waits for (the root of the chain: a refused change, or one
   * waiting for a retry or a lost answer, on the same object or one this change needs), or null.
   */
  blockedBy: string | null;
  createdAt: number;
}

/** What the outbox reports after each change (for a badge and the outbox view). */
export interface OutboxSummary {
  queued: number;
  failed: number;
  /** True while an operation is on the wire. */
  sending: boolean;
}
