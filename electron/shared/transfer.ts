/**
 * Copying or moving links from the current profile to another one (the local workspace to a
 * hosted account being the main case). A transfer is a bulk job of the target profile whose rows
 * are the source's links; a move then deletes from the source only the links the target has
 * confirmed. Pure types shared by the backend and the renderer.
 */
import type { MessageRef } from './message-ref.js';

export type TransferMode = 'copy' | 'move';

/** What the person chose; the same request makes the dry run and then the job. */
export interface TransferRequest {
  /** The profile that receives the links (never the current one). */
  targetProfileId: string;
  mode: TransferMode;
  /** Links of the current profile (the source), by mirror id. At most BULK_MAX_ROWS. */
  ids: number[];
  /**
   * Channels and campaigns the target lacks are created there by name. Only after the person
   * confirmed the names the dry run listed; when false, those links go without them.
   */
  createMissing: boolean;
  /**
   * A link whose alias the target already uses for another address: 'random' gives it a new
   * random alias there, 'skip' leaves it out (and, for a move, where it is).
   */
  aliasTaken: 'random' | 'skip';
}

/** A pixel, overlay or splash page the target has no counterpart for (same name and type). */
export interface TransferLeftOut {
  kind: 'pixel' | 'overlay' | 'splash';
  name: string;
  /** Links of the transfer that use it: they go without it. */
  links: number;
}

/** A link whose alias the target's mirror already holds for another address. */
export interface TransferAliasClash {
  id: number;
  alias: string;
  shortUrl: string;
}

/** The dry run: what `transfer:start` would do with the same request, from the two mirrors. */
export interface TransferPlan {
  mode: TransferMode;
  sourceName: string;
  targetName: string;
  /** Links asked for. */
  links: number;
  /** Links the target gets as new links. */
  toCreate: number;
  /** Links the target already holds (same alias and address, or same address and domain): nothing is made twice. */
  alreadyThere: number;
  aliasClashes: TransferAliasClash[];
  /** Names the target lacks; created there when the request says `createMissing`. */
  missingChannels: string[];
  missingCampaigns: string[];
  /**
   * Created channels carry their colour and description, campaigns their public flag; a
   * campaign's rotator address is not carried (its slug is shared by every account of a
   * service): these are the ones the source has.
   */
  rotatorsNotCarried: { campaign: string; slug: string }[];
  leftOut: TransferLeftOut[];
  /**
   * Links that cannot be copied as they are (details never read, not on the source any more), in
   * words. `neverRead`: only its details are missing: reading them (from the dialog) makes it
   * copyable.
   */
  unreadable: {
    id: number;
    shortUrl: string;
    /** In English (logs, any reader that knows no keys); `reasonRef` is the same sentence keyed (importNotes.*) for the app's language. */
    reason: string;
    reasonRef?: MessageRef;
    neverRead?: true;
  }[];
  /**
   * Requests the job sends to the target (link creates; `names` more when the missing channels
   * and campaigns are created) and, for a move, to the source (deletes).
   */
  requests: { target: number; source: number; names: number };
  /** Time at the target's and source's rate budgets, ms, without creating the missing names… */
  etaMs: number;
  /** …and with them (the box under the list of names ticked). */
  etaWithNamesMs: number;
  /** How old the target's mirror is (ms since its last full sync; null: never synced), for "checked against …". */
  targetMirrorAgeMs: number | null;
}

/** What a transfer's job carries beside the bulk job (on `BulkJob.transfer`). */
export interface TransferInfo {
  mode: TransferMode;
  sourceProfileId: string;
  sourceName: string;
  targetProfileId: string;
  targetName: string;
  /** Move only: links deleted from the source after the target confirmed their copy. */
  removedFromSource: number;
  /** Move only: deletes the source refused (the link stays there; its copy exists on the target). */
  removeFailed: number;
  /** Pixels, overlays and splash pages left out (as the dry run listed them). */
  leftOut: TransferLeftOut[];
}

/** A transfer row's link on the source (on `BulkRow.source`). */
export interface TransferRowSource {
  linkId: number;
  shortUrl: string;
  /**
   * Move only. null: not asked (copy, or the copy is not confirmed yet). 'pending': its delete
   * is in the source's outbox. 'removed'. 'failed': the source refused (see `error`).
   */
  removal: 'pending' | 'removed' | 'failed' | null;
  /** In English (command line, result CSV); `errorRef` is the same sentence keyed (importNotes.*) for the app's language. */
  error: string | null;
  errorRef?: MessageRef;
}
