import { describe, expect, it } from 'vitest';
import type { ClipboardPort } from '../../../electron/backend/clipboard/ports.js';
import { deferred, harness } from './fakes.js';

/**
 * Electron 45's clipboard: reads and writes answer with promises, and a write lands only when its
 * promise resolves (the test decides when). Until then a read answers the text before it.
 */
class SlowWriteClipboard implements ClipboardPort {
  text = '';
  readonly pending: { text: string; land: () => void }[] = [];
  readText(): Promise<string> {
    const text = this.text;
    return new Promise((resolve) => setImmediate(() => resolve(text)));
  }
  writeText(text: string): Promise<void> {
    const done = deferred<void>();
    this.pending.push({
      text,
      land: () => {
        this.text = text;
        done.resolve();
      },
    });
    return done.promise;
  }
  /** The person copies. */
  copy(text: string): void {
    this.text = text;
  }
  landAll(): void {
    for (const write of this.pending.splice(0)) write.land();
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('clipboard watch with a clipboard whose writes land later', () => {
  it('never takes the text a pending write of its own replaces for a copy, nor shortens what it wrote', async () => {
    const clipboard = new SlowWriteClipboard();
    clipboard.text = 'https://example.com/copied-before-watching';
    const h = harness({ enabled: true }, { clipboard });
    const poll = h.watcher.settings.pollIntervalMs;
    const tick = async () => {
      h.clock.advance(poll);
      await settle();
      await settle();
    };
    await tick(); // the baseline read

    // The quick-shorten window puts a URL on the clipboard; the OS takes its time.
    const written = h.watcher.write('https://example.com/from-the-quick-window');
    let landed = false;
    void written.then(() => (landed = true));
    await tick();
    await tick();
    // Polls while the write is pending read the old text: not a copy.
    expect(h.shortener.creates).toHaveLength(0);
    expect(landed).toBe(false);

    clipboard.landAll();
    await written;
    await tick();
    await h.watcher.settled();
    expect(h.shortener.creates).toHaveLength(0);

    // A real copy afterwards is still shortened, and its short URL is written and awaited too.
    clipboard.copy('https://example.com/copied-by-the-person');
    h.shortener.hold = false;
    await tick();
    await h.shortener.whenCreates(1);
    expect(h.shortener.creates.map((c) => c.input.url)).toEqual(['https://example.com/copied-by-the-person']);
    await settle();
    await settle();
    expect(clipboard.pending.map((w) => w.text)).toEqual(['https://sho.rt/s100']);
    await tick();
    await tick();
    clipboard.landAll();
    await h.watcher.settled();
    await tick();
    await tick();
    await h.watcher.settled();
    // Neither the URL read back while the short one was pending nor the short one is shortened again.
    expect(h.shortener.creates).toHaveLength(1);
    expect(h.watcher.getState().lastAction).toMatchObject({ kind: 'created', shortUrl: 'https://sho.rt/s100' });
  });

  it('a read that began before the write is ignored when it answers after', async () => {
    const clipboard = new SlowWriteClipboard();
    clipboard.text = 'https://example.com/old';
    const h = harness({ enabled: true }, { clipboard });
    const poll = h.watcher.settings.pollIntervalMs;
    h.clock.advance(poll);
    await settle();
    await settle();

    // A poll's read is under way (it will answer the old text) when Linkdeck writes.
    h.clock.advance(poll);
    const written = h.watcher.write('https://example.com/new');
    clipboard.landAll();
    await written;
    await settle();
    await settle();
    h.clock.advance(poll);
    await settle();
    await settle();
    await h.watcher.settled();
    expect(h.shortener.creates).toHaveLength(0);
  });
});
