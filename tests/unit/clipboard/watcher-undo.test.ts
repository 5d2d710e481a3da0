import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { harness, SHORT_HOST, waitForState } from './fakes.js';

const URL_A = 'https://example.com/articles/how-to?id=1';
const SHORT = `${SHORT_HOST}/s100`;

describe('clipboard watch: undo', () => {
  it('puts the original text back exactly and keeps the link', async () => {
    const h = harness();
    await h.copy(`  ${URL_A}\n`);
    expect(h.clipboard.text).toBe(SHORT);
    const id = h.watcher.getState().lastAction?.id as string;
    const outcome = await h.watcher.undo(id);
    expect(outcome).toEqual({
      restored: true,
      linkDeleted: false,
      message: `Undone: ${URL_A} is back on the clipboard.`,
      messageRefs: [{ key: 'desktop.clipboard.undoneRestored', params: { url: URL_A } }],
    });
    expect(h.clipboard.text).toBe(`  ${URL_A}\n`);
    expect(h.shortener.deletes).toEqual([]);
    expect(h.watcher.getState().lastAction).toMatchObject({ undoable: false, undone: { restored: true, linkDeleted: false } });
  });

  it('deletes the link it made when asked', async () => {
    const h = harness();
    await h.copy(URL_A);
    const outcome = await h.watcher.undo(h.watcher.getState().lastAction?.id as string, { deleteLink: true });
    expect(outcome).toMatchObject({ restored: true, linkDeleted: true });
    expect(outcome.message).toContain(`${SHORT} was deleted`);
    expect(h.shortener.deletes).toEqual([100]);
    expect(h.clipboard.text).toBe(URL_A);
  });

  it('never deletes a reused link', async () => {
    const h = harness();
    h.shortener.reusable.set(URL_A, { id: 7, shortUrl: `${SHORT_HOST}/old` });
    await h.copy(URL_A);
    const outcome = await h.watcher.undo(h.watcher.getState().lastAction?.id as string, { deleteLink: true });
    expect(outcome).toMatchObject({ restored: true, linkDeleted: false });
    expect(outcome.message).toMatch(/existed before, so it was kept/);
    expect(h.shortener.deletes).toEqual([]);
  });

  it('acts on the notification\'s buttons: "Undo and delete link"', async () => {
    const h = harness();
    await h.copy(URL_A);
    h.notifier.choose(-1, 'undo-delete');
    const state = await waitForState(h.watcher, (s) => s.lastAction?.undone !== null);
    expect(state.lastAction?.undone).toMatchObject({ restored: true, linkDeleted: true });
    expect(h.clipboard.text).toBe(URL_A);
    expect(h.shortener.deletes).toEqual([100]);
  });

  it('acts on the notification\'s buttons: "Undo" keeps the link; dismissing does nothing', async () => {
    const h = harness();
    await h.copy(URL_A);
    h.notifier.choose(-1, null);
    await h.copy('https://example.com/second');
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s101`);
    h.notifier.choose(-1, 'undo');
    const state = await waitForState(h.watcher, (s) => s.lastAction?.undone !== null);
    expect(state.lastAction?.undone).toMatchObject({ restored: true, linkDeleted: false });
    expect(h.clipboard.text).toBe('https://example.com/second');
    expect(h.shortener.deletes).toEqual([]);
  });

  it('leaves a clipboard that changed since alone, and still deletes when asked', async () => {
    const h = harness();
    await h.copy(URL_A);
    await h.copy('something else the person copied');
    const outcome = await h.watcher.undo(h.watcher.getState().lastAction?.id as string, { deleteLink: true });
    expect(outcome.restored).toBe(false);
    expect(outcome.linkDeleted).toBe(true);
    expect(outcome.message).toMatch(/clipboard had changed since/);
    expect(h.clipboard.text).toBe('something else the person copied');
  });

  it('undoes once only, and not an unknown action', async () => {
    const h = harness();
    await h.copy(URL_A);
    const id = h.watcher.getState().lastAction?.id as string;
    await h.watcher.undo(id, { deleteLink: true });
    const again = await h.watcher.undo(id, { deleteLink: true });
    expect(again).toEqual({ restored: false, linkDeleted: false, message: 'This was already undone.', messageRefs: [{ key: 'desktop.clipboard.undoAlready' }] });
    expect(h.shortener.deletes).toEqual([100]);
    expect((await h.watcher.undo('nope')).message).toBe('This can no longer be undone.');
  });

  it('reports a delete that fails, in words', async () => {
    const h = harness();
    await h.copy(URL_A);
    h.shortener.failDelete = new ApiClientError('offline', 'The service could not be reached.');
    const outcome = await h.watcher.undo(h.watcher.getState().lastAction?.id as string, { deleteLink: true });
    expect(outcome).toMatchObject({ restored: true, linkDeleted: false });
    expect(outcome.message).toContain('The link could not be deleted: The service could not be reached.');
    expect(h.watcher.getState().lastError).toMatchObject({ code: 'offline', message: `${SHORT} could not be deleted: The service could not be reached.` });
  });
});

describe('clipboard watch: no loops', () => {
  it('ignores its own writes even when the profile does not know the short URL\'s host', async () => {
    const h = harness();
    h.shortener.reusable.set(URL_A, { id: 7, shortUrl: 'https://other-host.example/abc' });
    await h.copy(URL_A);
    await h.pass(400 * 50);
    // The platform hands the text back with a line break: still Linkdeck's own.
    h.clipboard.copy('https://other-host.example/abc\r\n');
    await h.pass(400 * 50);
    expect(h.shortener.reuseCalls).toHaveLength(1);
    expect(h.shortener.creates).toHaveLength(0);
    expect(h.notifier.shown).toHaveLength(1);
  });

  it('does not shorten again what undo put back, even as the platform rewrites it', async () => {
    const h = harness();
    await h.copy(URL_A);
    await h.watcher.undo(h.watcher.getState().lastAction?.id as string);
    await h.pass(400 * 50);
    h.clipboard.copy(`${URL_A}\n`);
    await h.pass(400 * 50);
    expect(h.shortener.creates).toHaveLength(1);
    expect(h.clipboard.text).toBe(`${URL_A}\n`);
  });

  it('does not shorten the original again when something else brings it back right away', async () => {
    const h = harness();
    await h.copy(URL_A);
    // A clipboard manager (or an app's own undo) restores the long URL.
    await h.copy(URL_A);
    await h.pass(400 * 10);
    expect(h.shortener.creates).toHaveLength(1);
    expect(h.clipboard.text).toBe(URL_A);
  });

  it('shortens the same URL again once the person has copied something else in between', async () => {
    const h = harness();
    await h.copy(URL_A);
    await h.watcher.undo(h.watcher.getState().lastAction?.id as string);
    await h.copy('a word');
    await h.copy(URL_A);
    expect(h.shortener.creates).toHaveLength(2);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s101`);
  });

  it('does not count an empty clipboard (cleared before a set) as copying something else', async () => {
    const h = harness();
    await h.copy(URL_A);
    await h.watcher.undo(h.watcher.getState().lastAction?.id as string);
    await h.copy('');
    await h.copy(URL_A);
    expect(h.shortener.creates).toHaveLength(1);
  });
});

describe('clipboard watch: a long document copied in between', () => {
  it('counts as copying something else, so the same URL is shortened again after it', async () => {
    const h = harness();
    await h.copy(URL_A);
    await h.watcher.undo(h.watcher.getState().lastAction?.id as string);
    await h.copy('lorem ipsum '.repeat(1_000));
    await h.copy(URL_A);
    expect(h.shortener.creates).toHaveLength(2);
  });
});
