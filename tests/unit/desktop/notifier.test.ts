import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clickOutcome,
  closeOutcome,
  createNotifier,
  type NotificationLike,
  type InAppNotice,
  type NotificationOptionsLike,
  type NotificationRecord,
} from '../../../electron/main/notifier.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fake accepts every listener shape NotificationLike declares
type Listener = (...args: any[]) => void;

/** An Electron Notification stand-in: the test fires its events. */
class FakeNotification implements NotificationLike {
  readonly listeners = new Map<string, Listener[]>();
  shown = false;
  closed = false;
  constructor(readonly options: NotificationOptionsLike) {}
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
  }
  fire(event: string, ...args: unknown[]): void {
    for (const l of this.listeners.get(event) ?? []) l(...args);
  }
}

function setup(platform: NodeJS.Platform, supported = true, maxTracked?: number) {
  const made: FakeNotification[] = [];
  const views: Array<string | null> = [];
  const records: NotificationRecord[] = [];
  const inApp: InAppNotice[] = [];
  const notifier = createNotifier(
    {
      isSupported: () => supported,
      create: (options) => {
        const n = new FakeNotification(options);
        made.push(n);
        return n;
      },
    },
    {
      platform,
      ...(maxTracked ? { maxTracked } : {}),
      openView: (view) => void views.push(view),
      observe: (record) => void records.push(record),
      fallback: (notice) => void inApp.push(notice),
    },
  );
  return { notifier, made, views, records, inApp };
}

/** Whether the promise has settled, without waiting for it. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

const undo = {
  title: 'Shortened',
  body: 'https://sho.rt/abc is on the clipboard.',
  actions: [
    { id: 'undo', label: 'Undo' },
    { id: 'keep', label: 'Keep' },
  ],
  view: '/settings',
};

describe('notifier', () => {
  it('shows buttons on macOS and answers the chosen action', async () => {
    const { notifier, made } = setup('darwin');
    const answer = notifier.notify(undo);
    const n = made[0]!;
    expect(n.shown).toBe(true);
    expect(n.options.actions).toEqual([{ type: 'button', text: 'Undo' }, { type: 'button', text: 'Keep' }]);
    expect(n.options.body).toBe(undo.body);
    n.fire('action', { actionIndex: 1 }, 1);
    await expect(answer).resolves.toBe('keep');
  });

  it('reads the action index from the older (event, index) form too (Windows)', async () => {
    const { notifier, made } = setup('win32');
    const answer = notifier.notify(undo);
    made[0]!.fire('action', undefined, 0);
    await expect(answer).resolves.toBe('undo');
  });

  it('answers null when dismissed or closed', async () => {
    const { notifier, made } = setup('darwin');
    const answer = notifier.notify(undo);
    made[0]!.fire('close');
    await expect(answer).resolves.toBeNull();
  });

  it('on Linux offers the first action as a click on the notification, and says so', async () => {
    const { notifier, made } = setup('linux');
    const answer = notifier.notify(undo);
    const n = made[0]!;
    expect(n.options.actions).toBeUndefined();
    expect(n.options.body).toBe(`${undo.body}\nClick here to undo.`);
    n.fire('click');
    await expect(answer).resolves.toBe('undo');
  });

  it('a click on a notification without actions answers null and opens Linkdeck as it is', async () => {
    const { notifier, made, views } = setup('darwin');
    const answer = notifier.notify({ title: 'Sync failed', body: 'x', actions: [] });
    made[0]!.fire('click');
    await expect(answer).resolves.toBeNull();
    expect(views).toEqual([null]);
  });

  it('on macOS a click on the notification opens its view: nothing depends on buttons an unsigned or banner-style app never shows', async () => {
    const { notifier, made, views } = setup('darwin');
    const answer = notifier.notify(undo);
    // The buttons are offered (a signed app in alert style shows them)…
    expect(made[0]!.options.actions).toHaveLength(2);
    expect(made[0]!.options.body).toBe(undo.body);
    // …but a click on the notification is never taken for one of them.
    made[0]!.fire('click');
    await expect(answer).resolves.toBeNull();
    expect(views).toEqual(['/settings']);
  });

  it('on Windows a click on the toast (not a button) opens its view', async () => {
    const { notifier, made, views } = setup('win32');
    const answer = notifier.notify(undo);
    made[0]!.fire('click');
    await expect(answer).resolves.toBeNull();
    expect(views).toEqual(['/settings']);
    // A late event (a button in the Action Center) changes nothing.
    made[0]!.fire('action', { actionIndex: 0 }, 0);
    await expect(answer).resolves.toBeNull();
  });

  it('on Linux a click is the first action and opens nothing', async () => {
    const { notifier, made, views } = setup('linux');
    const answer = notifier.notify(undo);
    made[0]!.fire('click');
    await expect(answer).resolves.toBe('undo');
    expect(views).toEqual([]);
  });

  it('the click decision, per platform', () => {
    const none = { title: 't', body: 'b', actions: [] };
    expect(clickOutcome('linux', undo)).toEqual({ kind: 'action', id: 'undo' });
    expect(clickOutcome('linux', none)).toEqual({ kind: 'open', view: null });
    expect(clickOutcome('darwin', undo)).toEqual({ kind: 'open', view: '/settings' });
    expect(clickOutcome('win32', undo)).toEqual({ kind: 'open', view: '/settings' });
    expect(clickOutcome('freebsd', undo)).toEqual({ kind: 'action', id: 'undo' });
  });

  it('a Windows toast whose time ran out stays in the Action Center, and a click there later is still answered', async () => {
    const { notifier, made } = setup('win32');
    const answer = notifier.notify(undo);
    made[0]!.fire('close', { reason: 'timedOut' });
    expect(made[0]!.closed).toBe(false);
    expect(await settledYet(answer)).toBe(false);
    made[0]!.fire('action', { actionIndex: 0 }, 0);
    await expect(answer).resolves.toBe('undo');
    expect(closeOutcome('win32', 'timedOut')).toBe('waiting');
    expect(closeOutcome('win32', 'userCanceled')).toBe('dismissed');
    expect(closeOutcome('darwin', 'timedOut')).toBe('dismissed');
  });

  it('a toast the person closed is dismissed and left alone', async () => {
    const { notifier, made } = setup('win32');
    const answer = notifier.notify(undo);
    made[0]!.fire('close', { reason: 'userCanceled' });
    await expect(answer).resolves.toBeNull();
    expect(made[0]!.closed).toBe(false);
  });

  it('dispose stops listening and answers each with null, but leaves them where the OS keeps them', async () => {
    const { notifier, made } = setup('win32');
    const first = notifier.notify(undo);
    const second = notifier.notify(undo);
    notifier.dispose();
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toBeNull();
    expect(made.map((n) => n.closed)).toEqual([false, false]);
  });

  it('tells the observer what became of each notification', async () => {
    const { notifier, made, records } = setup('win32');
    void notifier.notify(undo);
    made[0]!.fire('failed', {}, 'toast disabled');
    expect(records).toEqual([
      { title: 'Shortened', outcome: 'shown', error: null },
      { title: 'Shortened', outcome: 'failed', error: 'toast disabled' },
    ]);
  });

  it('never closes a notification because time passed: someone away from the screen still finds it', async () => {
    vi.useFakeTimers();
    const { notifier, made } = setup('darwin');
    const answer = notifier.notify(undo);
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(made[0]!.closed).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
    expect(await settledYet(answer)).toBe(false);
    made[0]!.fire('action', { actionIndex: 0 }, 0);
    await expect(answer).resolves.toBe('undo');
  });

  it('closes the one the person acted on (a button or a click), and leaves one they dismissed alone', async () => {
    const { notifier, made } = setup('darwin');
    void notifier.notify(undo);
    void notifier.notify(undo);
    void notifier.notify(undo);
    made[0]!.fire('action', { actionIndex: 0 }, 0);
    made[1]!.fire('click');
    made[2]!.fire('close');
    expect(made.map((n) => n.closed)).toEqual([true, true, false]);
  });

  it('a newer notice of the same group replaces the older one (closed, answered null); other groups and ungrouped ones stay', async () => {
    const { notifier, made } = setup('linux');
    const first = notifier.notify({ ...undo, group: 'clipboard' });
    const other = notifier.notify({ ...undo, group: 'sync:p1' });
    const loose = notifier.notify(undo);
    const second = notifier.notify({ ...undo, group: 'clipboard' });
    await expect(first).resolves.toBeNull();
    expect(made.map((n) => n.closed)).toEqual([true, false, false, false]);
    expect(await settledYet(other)).toBe(false);
    expect(await settledYet(loose)).toBe(false);
    made[3]!.fire('click');
    await expect(second).resolves.toBe('undo');
  });

  it('listens to a bounded number: past it the oldest is let go, not closed', async () => {
    const { notifier, made } = setup('darwin', true, 2);
    const first = notifier.notify(undo);
    void notifier.notify(undo);
    void notifier.notify(undo);
    await expect(first).resolves.toBeNull();
    expect(made[0]!.closed).toBe(false);
  });

  it('a notification the OS refuses (macOS unsigned: failed) becomes an in-app notice', async () => {
    const { notifier, made, inApp } = setup('darwin');
    const answer = notifier.notify(undo);
    made[0]!.fire('failed', {}, 'Notifications are not allowed for this application');
    await expect(answer).resolves.toBeNull();
    expect(inApp).toEqual([{ title: undo.title, body: undo.body, view: '/settings', error: 'Notifications are not allowed for this application' }]);
  });

  it('where notifications are not supported at all, the notice goes in the app', async () => {
    const { notifier, inApp } = setup('linux', false);
    await notifier.notify(undo);
    expect(inApp).toEqual([{ title: undo.title, body: undo.body, view: '/settings', error: null }]);
  });

  it('answers null at once where notifications are not supported, showing nothing', async () => {
    const { notifier, made } = setup('linux', false);
    await expect(notifier.notify(undo)).resolves.toBeNull();
    expect(made).toHaveLength(0);
  });

  it('answers null when the notification fails to show', async () => {
    const { notifier, made } = setup('win32');
    const answer = notifier.notify(undo);
    made[0]!.fire('failed', {}, 'toast disabled');
    await expect(answer).resolves.toBeNull();
  });
});
