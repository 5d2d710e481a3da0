import { describe, expect, it } from 'vitest';
import type { ClipboardPort } from '../../../electron/backend/clipboard/ports.js';
import { harness } from './fakes.js';

/** Newer Electron's clipboard: every read answers with a promise. */
class PromiseClipboard implements ClipboardPort {
  text = '';
  reads = 0;
  inFlight = 0;
  maxInFlight = 0;
  readText(): Promise<string> {
    this.reads++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const text = this.text;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.inFlight--;
        resolve(text);
      }),
    );
  }
  writeText(text: string): void {
    this.text = text;
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('clipboard watch with an asynchronous clipboard', () => {
  it('shortens a copy seen at the next poll, never acts on what was there before, and never overlaps reads', async () => {
    const clipboard = new PromiseClipboard();
    clipboard.text = 'https://example.com/copied-before-watching';
    const h = harness({ enabled: true }, { clipboard });
    const poll = h.watcher.settings.pollIntervalMs;

    // The first read is the baseline: what was on the clipboard is not a copy.
    h.clock.advance(poll);
    await settle();
    await h.watcher.settled();
    expect(h.shortener.creates).toHaveLength(0);

    clipboard.text = 'https://example.com/copied-now';
    h.clock.advance(poll);
    await settle();
    await h.watcher.settled();
    expect(h.shortener.creates.map((c) => c.input.url)).toEqual(['https://example.com/copied-now']);
    // The short URL replaced it, checked with an asynchronous read too.
    expect(clipboard.text).toMatch(/^https:\/\/sho\.rt\//);

    // Polls while a read is pending do not start another read.
    clipboard.maxInFlight = 0;
    for (let i = 0; i < 5; i++) h.clock.advance(poll);
    await settle();
    expect(clipboard.maxInFlight).toBe(1);
  });
});

/** An asynchronous clipboard whose reads fail (Electron 45's readText() rejecting). */
class FailingClipboard implements ClipboardPort {
  reads = 0;
  readText(): Promise<string> {
    this.reads++;
    return Promise.reject(new Error('the clipboard is held by another application'));
  }
  writeText(): void {}
}

describe('a failing asynchronous clipboard read', () => {
  it('never becomes an unhandled rejection (the first read at start included), and is reported once', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const clipboard = new FailingClipboard();
      const h = harness({ enabled: true }, { clipboard });
      const poll = h.watcher.settings.pollIntervalMs;
      for (let i = 0; i < 3; i++) {
        h.clock.advance(poll);
        await settle();
      }
      // Node reports unhandled rejections after the microtask queue drains: give it two turns.
      await settle();
      await settle();
      expect(clipboard.reads).toBeGreaterThanOrEqual(3);
      expect(unhandled).toEqual([]);
      expect(h.watcher.getState().lastError?.message ?? '').toMatch(/clipboard/i);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
