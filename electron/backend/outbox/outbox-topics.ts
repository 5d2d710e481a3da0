import type { OutboxMutation } from '../../shared/models.js';
import type { MirrorTopic } from '../mirror/mirror.js';
import type { TargetKind } from './ops.js';

/* Which parts of the mirror an operation's writes touch (the views listening to them refresh). */

const TOPICS: Record<TargetKind, MirrorTopic[]> = {
  link: ['links', 'channel-items'],
  channel: ['channels', 'channel-items', 'links'],
  campaign: ['campaigns', 'links'],
  domain: ['domains', 'links'],
  pixel: ['pixels'],
  qr: ['qrs', 'channel-items'],
};

export function topicsOf(m: OutboxMutation): MirrorTopic[] {
  const kind = m.kind.slice(0, m.kind.indexOf('.')) as TargetKind;
  return ['outbox', ...TOPICS[kind], ...(m.kind.endsWith('.assign') ? (['links'] as const) : [])];
}
