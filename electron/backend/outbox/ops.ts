import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';
import type { OutboxKind, OutboxMutation } from '../../shared/models.js';

/*
 * What each kind of outbox operation is, independent of sending it: which mirrored object it
 * marks, which provisional ids it refers to, how those are replaced by the service's ids, and
 * how it is described to a person.
 */

/** The mirrored objects the outbox marks (and the tables that hold them). */
export type TargetKind = 'link' | 'channel' | 'campaign' | 'domain' | 'pixel' | 'qr';

export const TARGET_TABLE: Record<TargetKind, string> = {
  link: 'links',
  channel: 'channels',
  campaign: 'campaigns',
  domain: 'domains',
  pixel: 'pixels',
  qr: 'qr_codes',
};

export const CREATE_KINDS: readonly OutboxKind[] = [
  'link.create',
  'channel.create',
  'campaign.create',
  'domain.create',
  'pixel.create',
  'qr.create',
];

export const isCreate = (kind: OutboxKind) => CREATE_KINDS.includes(kind);

/** Deleting something the service no longer has is done, not failed. */
export const isDelete = (kind: OutboxKind) => kind.endsWith('.delete');

/** The kind of object a create makes. */
export function createdKind(kind: OutboxKind): TargetKind {
  return kind.slice(0, kind.indexOf('.')) as TargetKind;
}

/** What the mark goes on: kind, and id (provisional for a create; null when nothing is marked). */
export function targetOf(
  m: OutboxMutation,
  provisionalId: number | null,
): { kind: TargetKind; id: number } | null {
  switch (m.kind) {
    case 'link.create':
    case 'channel.create':
    case 'campaign.create':
    case 'domain.create':
    case 'pixel.create':
    case 'qr.create':
      return provisionalId === null ? null : { kind: createdKind(m.kind), id: provisionalId };
    case 'link.update':
    case 'link.delete':
      return { kind: 'link', id: m.id };
    case 'channel.update':
    case 'channel.delete':
      return { kind: 'channel', id: m.id };
    case 'campaign.update':
    case 'campaign.delete':
      return { kind: 'campaign', id: m.id };
    case 'domain.update':
    case 'domain.delete':
      return { kind: 'domain', id: m.id };
    case 'pixel.update':
    case 'pixel.delete':
      return { kind: 'pixel', id: m.id };
    case 'qr.update':
    case 'qr.delete':
      return { kind: 'qr', id: m.id };
    case 'channel.assign':
      return m.type === 'links'
        ? { kind: 'link', id: m.itemId }
        : m.type === 'qr'
          ? { kind: 'qr', id: m.itemId }
          : { kind: 'channel', id: m.channelId };
    case 'campaign.assign':
      return { kind: 'link', id: m.linkId };
  }
}

/** A reference to another object, by kind and id. */
export interface Ref {
  kind: TargetKind;
  id: number;
}

/** Every object id the operation names (path ids and ids inside its input). */
export function refsOf(m: OutboxMutation): Ref[] {
  const refs: Ref[] = [];
  // null (an update taking the link out of its channel or campaign) names no object.
  const linkInputRefs = (input: { channel?: number | null; campaign?: number | null; pixels?: number[] }) => {
    if (typeof input.channel === 'number') refs.push({ kind: 'channel', id: input.channel });
    if (typeof input.campaign === 'number') refs.push({ kind: 'campaign', id: input.campaign });
    for (const pixel of input.pixels ?? []) refs.push({ kind: 'pixel', id: pixel });
  };
  switch (m.kind) {
    case 'link.create':
      linkInputRefs(m.input);
      break;
    case 'link.update':
      refs.push({ kind: 'link', id: m.id });
      linkInputRefs(m.input);
      break;
    case 'link.delete':
      refs.push({ kind: 'link', id: m.id });
      break;
    case 'channel.update':
    case 'channel.delete':
      refs.push({ kind: 'channel', id: m.id });
      break;
    case 'channel.assign':
      refs.push({ kind: 'channel', id: m.channelId });
      if (m.type === 'links') refs.push({ kind: 'link', id: m.itemId });
      if (m.type === 'qr') refs.push({ kind: 'qr', id: m.itemId });
      break;
    case 'campaign.update':
    case 'campaign.delete':
      refs.push({ kind: 'campaign', id: m.id });
      break;
    case 'campaign.assign':
      refs.push({ kind: 'campaign', id: m.campaignId }, { kind: 'link', id: m.linkId });
      break;
    case 'domain.update':
    case 'domain.delete':
      refs.push({ kind: 'domain', id: m.id });
      break;
    case 'pixel.update':
    case 'pixel.delete':
      refs.push({ kind: 'pixel', id: m.id });
      break;
    case 'qr.update':
    case 'qr.delete':
      refs.push({ kind: 'qr', id: m.id });
      break;
    default:
      break;
  }
  return refs;
}

/** The provisional ids (negative) among the operation's references. */
export const provisionalRefs = (m: OutboxMutation): Ref[] => refsOf(m).filter((r) => r.id < 0);

/** The operation with every id passed through `map` (provisional ids become the service's). */
export function mapIds(m: OutboxMutation, map: (ref: Ref) => number): OutboxMutation {
  const id = (kind: TargetKind, value: number) => map({ kind, id: value });
  const linkInput = <T extends { channel?: number | null; campaign?: number | null; pixels?: number[] }>(
    input: T,
  ): T => ({
    ...input,
    ...(typeof input.channel === 'number' ? { channel: id('channel', input.channel) } : {}),
    ...(typeof input.campaign === 'number' ? { campaign: id('campaign', input.campaign) } : {}),
    ...(input.pixels !== undefined ? { pixels: input.pixels.map((p) => id('pixel', p)) } : {}),
  });
  switch (m.kind) {
    case 'link.create':
      return { ...m, input: linkInput(m.input) };
    case 'link.update':
      return { ...m, id: id('link', m.id), input: linkInput(m.input) };
    case 'link.delete':
      return { ...m, id: id('link', m.id) };
    case 'channel.update':
    case 'channel.delete':
      return { ...m, id: id('channel', m.id) };
    case 'channel.assign':
      return {
        ...m,
        channelId: id('channel', m.channelId),
        itemId:
          m.type === 'links' ? id('link', m.itemId) : m.type === 'qr' ? id('qr', m.itemId) : m.itemId,
      };
    case 'campaign.update':
    case 'campaign.delete':
      return { ...m, id: id('campaign', m.id) };
    case 'campaign.assign':
      return { ...m, campaignId: id('campaign', m.campaignId), linkId: id('link', m.linkId) };
    case 'domain.update':
    case 'domain.delete':
      return { ...m, id: id('domain', m.id) };
    case 'pixel.update':
    case 'pixel.delete':
      return { ...m, id: id('pixel', m.id) };
    case 'qr.update':
    case 'qr.delete':
      return { ...m, id: id('qr', m.id) };
    default:
      return m;
  }
}

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** An object of a change: its kind, its id as written (never grouped) and whether it is still provisional. */
const object = (kind: string, id: number) => ({ kind, id: String(id), fresh: id < 0 ? 'yes' : 'no' });

/**
 * What the operation does, as a message (issue 44): the Outbox view says it in the person's
 * language; `summaryOf` is its English, for the command line and logs.
 */
export function summaryRefOf(m: OutboxMutation): MessageRef {
  switch (m.kind) {
    case 'link.create':
      return m.input.custom
        ? msg('errors.changeSummary.linkCreateAlias', { alias: clip(m.input.custom, 40), url: clip(m.input.url) })
        : msg('errors.changeSummary.linkCreate', { url: clip(m.input.url) });
    case 'link.update':
      return msg('errors.changeSummary.linkUpdate', { ...object('link', m.id), url: clip(m.input.url) });
    case 'pixel.update':
      return msg('errors.changeSummary.pixelUpdate', { ...object('pixel', m.id), name: clip(m.input.name, 60) });
    case 'channel.update':
    case 'campaign.update':
    case 'domain.update':
    case 'qr.update':
      return msg('errors.changeSummary.update', object(m.kind.slice(0, m.kind.indexOf('.')), m.id));
    case 'link.delete':
    case 'channel.delete':
    case 'campaign.delete':
    case 'domain.delete':
    case 'pixel.delete':
    case 'qr.delete':
      return msg('errors.changeSummary.delete', object(m.kind.slice(0, m.kind.indexOf('.')), m.id));
    case 'channel.create':
      return msg('errors.changeSummary.channelCreate', { name: clip(m.input.name, 60) });
    case 'channel.assign':
      return msg('errors.changeSummary.assign', {
        item: msg('errors.changeSummary.assignItem', object(m.type, m.itemId)),
        target: msg('errors.changeSummary.assignTarget', object('channel', m.channelId)),
      });
    case 'campaign.create':
      return m.input.name ? msg('errors.changeSummary.campaignCreate', { name: clip(m.input.name, 60) }) : msg('errors.changeSummary.campaignCreateUnnamed');
    case 'campaign.assign':
      return msg('errors.changeSummary.assign', {
        item: msg('errors.changeSummary.assignItem', object('links', m.linkId)),
        target: msg('errors.changeSummary.assignTarget', object('campaign', m.campaignId)),
      });
    case 'domain.create':
      return msg('errors.changeSummary.domainCreate', { domain: clip(m.input.domain, 60) });
    case 'pixel.create':
      return msg('errors.changeSummary.pixelCreate', { name: clip(m.input.name, 60) });
    case 'qr.create':
      return m.input.name ? msg('errors.changeSummary.qrCreate', { name: clip(m.input.name, 60) }) : msg('errors.changeSummary.qrCreateUnnamed', { type: m.input.type });
  }
}

/** What the operation does, in English words (the command line, logs, `--json`). */
export const summaryOf = (m: OutboxMutation): string => englishText(summaryRefOf(m));
