import { describe, expect, it } from 'vitest';
import { harness } from './fakes.js';

describe('clipboard watch: text Linkdeck writes itself', () => {
  it('puts the text on the clipboard and never shortens it, not even when it comes back', async () => {
    const h = harness();
    h.watcher.write('https://example.com/from-the-quick-shorten-window');
    expect(h.clipboard.text).toBe('https://example.com/from-the-quick-shorten-window');
    await h.pass(400);
    expect(h.shortener.creates).toHaveLength(0);

    // A clipboard manager puts it back with a line break after something else was copied.
    await h.copy('some words');
    await h.copy('https://example.com/from-the-quick-shorten-window\n');
    expect(h.shortener.creates).toHaveLength(0);

    await h.copy('https://example.com/copied-by-the-person');
    expect(h.shortener.creates.map((c) => c.input.url)).toEqual(['https://example.com/copied-by-the-person']);
  });
});
