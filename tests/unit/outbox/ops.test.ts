import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { backoffMs, classify, errorInfo } from '../../../electron/backend/outbox/failure.js';
import {
  mapIds,
  provisionalRefs,
  summaryOf,
  targetOf,
} from '../../../electron/backend/outbox/ops.js';
import type { OutboxMutation } from '../../../electron/shared/models.js';

describe('outbox operations', () => {
  const update: OutboxMutation = {
    kind: 'link.update',
    id: -3,
    input: { url: 'https://example.com', channel: -4, campaign: 9, pixels: [1, -5] },
  };

  it('knows the provisional ids an operation waits for', () => {
    expect(provisionalRefs(update)).toEqual([
      { kind: 'link', id: -3 },
      { kind: 'channel', id: -4 },
      { kind: 'pixel', id: -5 },
    ]);
    expect(provisionalRefs({ kind: 'campaign.assign', campaignId: 2, linkId: -1 })).toEqual([
      { kind: 'link', id: -1 },
    ]);
  });

  it("replaces provisional ids with the service's everywhere they appear", () => {
    const real = new Map([
      [-3, 30],
      [-4, 40],
      [-5, 50],
    ]);
    expect(mapIds(update, (r) => real.get(r.id) ?? r.id)).toEqual({
      kind: 'link.update',
      id: 30,
      input: { url: 'https://example.com', channel: 40, campaign: 9, pixels: [1, 50] },
    });
    expect(
      mapIds(
        { kind: 'channel.assign', channelId: -4, type: 'links', itemId: -3 },
        (r) => real.get(r.id) ?? r.id,
      ),
    ).toEqual({
      kind: 'channel.assign',
      channelId: 40,
      type: 'links',
      itemId: 30,
    });
  });

  it('marks the object a person sees changing', () => {
    expect(targetOf({ kind: 'link.create', input: { url: 'x' } }, -7)).toEqual({
      kind: 'link',
      id: -7,
    });
    expect(targetOf({ kind: 'campaign.assign', campaignId: 1, linkId: 8 }, null)).toEqual({
      kind: 'link',
      id: 8,
    });
    expect(
      targetOf({ kind: 'channel.assign', channelId: 2, type: 'bio', itemId: 8 }, null),
    ).toEqual({ kind: 'channel', id: 2 });
  });

  it('describes each change in words', () => {
    expect(
      summaryOf({ kind: 'link.create', input: { url: 'https://example.com/a', custom: 'a' } }),
    ).toBe('Create the short link “a” to https://example.com/a');
    expect(summaryOf(update)).toBe('Update the new link (to https://example.com)');
    expect(summaryOf({ kind: 'campaign.assign', campaignId: 2, linkId: 5 })).toBe(
      'Add link 5 to campaign 2',
    );
    expect(summaryOf({ kind: 'channel.assign', channelId: -3, type: 'qr', itemId: 12345 })).toBe('Add QR code 12345 to the new channel');
    expect(summaryOf({ kind: 'domain.delete', id: 7 })).toBe('Delete branded domain 7');
    expect(summaryOf({ kind: 'qr.update', id: -1, input: { name: 'x' } } as never)).toBe('Update the new QR code');
  });
});

describe('failures', () => {
  it('retries what may pass and keeps what the service refused', () => {
    expect(classify(new ApiClientError('offline', 'x'))).toBe('offline');
    expect(classify(new ApiClientError('remote-error', 'x', { status: 503 }))).toBe('transient');
    expect(classify(new ApiClientError('rate-limited', 'x'))).toBe('transient');
    expect(classify(new ApiClientError('unauthorized', 'x'))).toBe('transient');
    expect(classify(new ApiClientError('invalid-input', 'x'))).toBe('permanent');
    expect(classify(new ApiClientError('not-found', 'x'))).toBe('permanent');
    expect(classify(new DOMException('stop', 'AbortError'))).toBe('cancelled');
    expect(classify(new TypeError('bug'))).toBe('permanent');
  });

  it("keeps the service's words, never a bug's", () => {
    expect(errorInfo(new ApiClientError('invalid-input', 'The alias is taken.'))).toEqual({
      code: 'invalid-input',
      message: 'The alias is taken.',
    });
    expect(errorInfo(new TypeError('cannot read x of undefined'))).toEqual({
      code: 'internal',
      message: 'Linkdeck could not send this change.',
      key: 'errors.outbox.couldNotSend',
    });
  });

  it('waits 2 s, 4 s … up to 2 min between attempts', () => {
    expect([1, 2, 3, 6, 7, 8, 20].map((n) => backoffMs(n))).toEqual([
      2_000, 4_000, 8_000, 64_000, 120_000, 120_000, 120_000,
    ]);
  });
});
