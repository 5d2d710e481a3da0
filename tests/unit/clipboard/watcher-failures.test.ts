import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { harness, SHORT_HOST, waitForState } from './fakes.js';

const URL_A = 'https://example.com/articles/how-to?id=1';
const URL_B = 'https://example.org/another';

describe('clipboard watch: offline', () => {
  it('skips when offline and set to skip: no request, says so, clipboard unchanged', async () => {
    const h = harness({ enabled: true, offline: 'skip' });
    h.online.value = false;
    await h.copy(URL_A);
    expect(h.shortener.creates).toHaveLength(0);
    expect(h.clipboard.text).toBe(URL_A);
    expect(h.watcher.getState()).toMatchObject({ offline: true, lastAction: { kind: 'skipped', copied: URL_A, undoable: false } });
    expect(h.notifier.last?.title).toBe('Link not shortened');
    expect(h.notifier.last?.body).toMatch(/cannot reach the service/);
  });

  it('still reuses a mirrored link while offline', async () => {
    const h = harness({ enabled: true, offline: 'skip' });
    h.online.value = false;
    h.shortener.reusable.set(URL_A, { id: 7, shortUrl: `${SHORT_HOST}/old` });
    await h.copy(URL_A);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/old`);
  });

  it('queues when offline and set to queue: the outbox takes the create, the clipboard is unchanged', async () => {
    const h = harness({ enabled: true, offline: 'queue' });
    h.online.value = false;
    h.shortener.queueWhenOffline = true;
    await h.copy(URL_A);
    expect(h.shortener.creates[0]?.options.offline).toBe('queue');
    expect(h.clipboard.text).toBe(URL_A);
    expect(h.watcher.getState()).toMatchObject({ offline: true, lastAction: { kind: 'queued', shortUrl: null } });
    expect(h.notifier.last).toMatchObject({ title: 'Offline: link queued', actions: [] });
  });

  it('skips when the request finds the service unreachable and set to skip, and recovers when it is back', async () => {
    const h = harness({ enabled: true, offline: 'skip' });
    h.shortener.failCreate = new ApiClientError('offline', 'The service could not be reached.');
    await h.copy(URL_A);
    expect(h.watcher.getState()).toMatchObject({ offline: true, lastAction: { kind: 'skipped' } });
    h.shortener.failCreate = null;
    await h.copy(URL_B);
    expect(h.watcher.getState()).toMatchObject({ offline: false, lastAction: { kind: 'created' } });
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
  });
});

describe('clipboard watch: the clipboard changes while shortening', () => {
  it('does not overwrite what the person copied meanwhile, and offers to copy the link', async () => {
    const h = harness();
    const call = await h.copyHeld(URL_A);
    h.clipboard.copy('the person copied this meanwhile');
    call.answer.resolve({ id: 5, shortUrl: `${SHORT_HOST}/made` });
    await h.watcher.settled();
    expect(h.clipboard.text).toBe('the person copied this meanwhile');
    expect(h.clipboard.writes).toEqual([]);
    expect(h.watcher.getState().lastAction).toMatchObject({ kind: 'not-copied', shortUrl: `${SHORT_HOST}/made`, newLink: true });
    expect(h.notifier.last?.actions.map((a) => a.id)).toEqual(['copy', 'delete']);
    h.notifier.choose(-1, 'copy');
    await waitForState(h.watcher, (s) => s.lastAction?.message.includes('copied on request') === true);
    expect(h.clipboard.writes).toEqual([`${SHORT_HOST}/made`]);
    // What was copied meanwhile (not a URL) and the link copied on request start nothing new.
    await h.pass(400 * 5);
    expect(h.shortener.creates).toHaveLength(1);
  });

  it('shortens a URL copied meanwhile once the first one is done', async () => {
    const h = harness();
    const call = await h.copyHeld(URL_A);
    h.shortener.hold = false;
    h.clipboard.copy(URL_B);
    call.answer.resolve({ id: 5, shortUrl: `${SHORT_HOST}/made` });
    await h.watcher.settled();
    expect(h.clipboard.text).toBe(URL_B);
    await h.pass(400);
    expect(h.shortener.creates.map((c) => c.input.url)).toEqual([URL_A, URL_B]);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
  });

  it('"Delete link" on that notification deletes the link it made', async () => {
    const h = harness();
    const call = await h.copyHeld(URL_A);
    h.clipboard.copy('other');
    call.answer.resolve({ id: 5, shortUrl: `${SHORT_HOST}/made` });
    await h.watcher.settled();
    h.notifier.choose(-1, 'delete');
    await waitForState(h.watcher, (s) => s.lastAction?.undone !== null);
    expect(h.shortener.deletes).toEqual([5]);
    expect(h.clipboard.text).toBe('other');
  });
});

describe('clipboard watch: errors', () => {
  it('reports a refusal in words and goes on with the next copy', async () => {
    const h = harness();
    h.shortener.failCreate = new ApiClientError('invalid-input', 'This domain is banned.', { status: 400 });
    await h.copy(URL_A);
    expect(h.clipboard.text).toBe(URL_A);
    expect(h.watcher.getState().lastError).toMatchObject({
      code: 'invalid-input',
      message: `The service refused to shorten ${URL_A}: This domain is banned.`,
    });
    expect(h.notifier.last).toMatchObject({ title: 'Link not shortened', body: `The service refused to shorten ${URL_A}: This domain is banned.` });
    // Not retried while it stays on the clipboard.
    await h.pass(400 * 100);
    expect(h.shortener.creates).toHaveLength(1);
    h.shortener.failCreate = null;
    await h.copy(URL_B);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
    expect(h.watcher.getState().lastError).toBeNull();
  });

  it('leaves new links alone for as long as the service asked after a rate-limit answer', async () => {
    const h = harness();
    h.shortener.failCreate = new ApiClientError('rate-limited', 'Too many requests.', { status: 429, retryAfterMs: 30_000 });
    await h.copy(URL_A);
    expect(h.watcher.getState().lastError?.message).toMatch(/slow down.*next 30 s/);
    h.shortener.failCreate = null;
    await h.copy(URL_B);
    expect(h.shortener.creates).toHaveLength(1);
    expect(h.watcher.getState().lastAction).toMatchObject({ kind: 'skipped', copied: URL_B });
    expect(h.watcher.getState().lastError?.message).toMatch(/Try again in 30 s/);
    // Kept as messages too, so the window words them in the language of now (issue 44).
    expect(h.watcher.getState().lastError?.ref).toEqual({ key: 'desktop.clipboard.stillWaiting', params: { url: URL_B, seconds: 30 } });
    expect(h.watcher.getState().lastAction?.messageRefs).toEqual([{ key: 'desktop.clipboard.stillWaiting', params: { url: URL_B, seconds: 30 } }]);
    await h.pass(30_000);
    await h.copy('https://example.net/later');
    expect(h.shortener.creates).toHaveLength(2);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
  });

  it('stops waiting for a service that does not answer, aborts the request and goes on', async () => {
    const h = harness({ enabled: true }, { createTimeoutMs: 5_000 });
    const call = await h.copyHeld(URL_A);
    await h.pass(5_000);
    expect(call.options.signal.aborted).toBe(true);
    expect(h.watcher.getState()).toMatchObject({ status: 'watching', lastError: { message: expect.stringMatching(/did not answer within 5 s/) } });
    call.answer.resolve({ id: 1, shortUrl: `${SHORT_HOST}/too-late` });
    h.shortener.hold = false;
    await h.copy(URL_B);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
  });

  it('reports an unexpected failure generically, without its raw text', async () => {
    const h = harness();
    h.shortener.failCreate = new Error('SQLITE_CORRUPT at 0xdeadbeef');
    await h.copy(URL_A);
    expect(h.watcher.getState().lastError?.code).toBe('internal');
    expect(h.watcher.getState().lastError?.message).not.toContain('SQLITE');
  });

  it('reports a clipboard that cannot be read once, and recovers', async () => {
    const h = harness();
    h.clipboard.failReads = true;
    h.states.length = 0;
    await h.pass(400 * 20);
    expect(h.states.filter((s) => s.lastError !== null)).toHaveLength(1);
    expect(h.watcher.getState().lastError?.message).toMatch(/cannot read the clipboard/);
    expect(h.watcher.getState().lastError?.ref?.key).toBe('desktop.clipboard.cannotRead');
    h.clipboard.failReads = false;
    await h.copy(URL_A);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
  });

  it('survives a notifier that throws or rejects', async () => {
    const logs: string[] = [];
    const h = harness({ enabled: true }, { log: (m) => logs.push(m) });
    h.notifier.notify = () => {
      throw new Error('no notification daemon');
    };
    await h.copy(URL_A);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
    h.notifier.notify = () => Promise.reject(new Error('dismissed badly'));
    await h.copy(URL_B);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s101`);
    await Promise.resolve();
    expect(logs.some((l) => l.includes('no notification daemon'))).toBe(true);
  });

  it('sends the URL with the settings\' UTM parameters appended', async () => {
    const h = harness();
    h.watcher.configure({ enabled: true, defaults: { utm: { source: 's' } } });
    await h.copy(URL_A);
    expect(h.shortener.creates[0]?.input.url).toBe(`${URL_A}&utm_source=s`);
  });
});
