import type { ClipboardSettings, ClipboardWatchState } from '../../../electron/shared/clipboard-rules.js';
import type { LinkInput } from '../../../electron/shared/models.js';
import type { Clock } from '../../../electron/backend/scheduler/clock.js';
import type {
  ClipboardNotification,
  ClipboardPort,
  KnownDomains,
  Notifier,
  ShortenOptions,
  Shortener,
  ShortLinkRef,
} from '../../../electron/backend/clipboard/ports.js';
import {
  createClipboardWatcher,
  type ClipboardWatcher,
  type ClipboardWatcherDeps,
} from '../../../electron/backend/clipboard/watcher.js';

export const T0 = 1_900_000_000_000;
export const SHORT_HOST = 'https://sho.rt';

/** Timers that fire only when the test advances time. */
export class FakeClock implements Clock {
  private time = T0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; seq: number; callback: () => void }>();

  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, seq: id, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Pending timers (to check that nothing polls while paused or off). */
  get pending(): number {
    return this.timers.size;
  }
  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; seq: number; callback: () => void }] | null = null;
      for (const entry of this.timers) {
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at || (entry[1].at === next[1].at && entry[1].seq < next[1].seq))) next = entry;
      }
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].callback();
    }
    this.time = end;
  }
}

/** The OS clipboard: `copy` is the person copying; the watcher reads and writes through the port. */
export class FakeClipboard implements ClipboardPort {
  text = '';
  reads = 0;
  readonly writes: string[] = [];
  failReads = false;

  readText(): string {
    this.reads++;
    if (this.failReads) throw new Error('the display is gone');
    return this.text;
  }
  writeText(text: string): void {
    this.writes.push(text);
    this.text = text;
  }
  copy(text: string): void {
    this.text = text;
  }
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface CreateCall {
  input: LinkInput;
  options: ShortenOptions;
  answer: Deferred<ShortLinkRef | { queued: true; opId: string }>;
}

/**
 * A shortener: creates answer at once with the next id unless `hold` is set, in which case the
 * test answers each call itself.
 */
export class FakeShortener implements Shortener {
  readonly reusable = new Map<string, ShortLinkRef>();
  readonly reuseCalls: { url: string; domain: string | undefined }[] = [];
  readonly creates: CreateCall[] = [];
  readonly deletes: number[] = [];
  hold = false;
  nextId = 100;
  failCreate: unknown = null;
  failDelete: unknown = null;
  queueWhenOffline = false;

  findReusable(url: string, domain?: string): ShortLinkRef | null {
    this.reuseCalls.push({ url, domain });
    return this.reusable.get(url) ?? null;
  }
  private readonly createWaiters: { count: number; resolve: () => void }[] = [];

  /** Resolves once `count` creates have been asked for (the watcher's signal, not a sleep). */
  whenCreates(count: number): Promise<void> {
    if (this.creates.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.createWaiters.push({ count, resolve }));
  }

  create(input: LinkInput, options: ShortenOptions): Promise<ShortLinkRef | { queued: true; opId: string }> {
    const answer = deferred<ShortLinkRef | { queued: true; opId: string }>();
    this.creates.push({ input, options, answer });
    for (const waiter of this.createWaiters.filter((w) => w.count <= this.creates.length)) {
      this.createWaiters.splice(this.createWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    if (this.failCreate !== null) answer.reject(this.failCreate);
    else if (this.queueWhenOffline && options.offline === 'queue') answer.resolve({ queued: true, opId: 'op-1' });
    else if (!this.hold) {
      const id = this.nextId++;
      answer.resolve({ id, shortUrl: `${SHORT_HOST}/s${id}` });
    }
    return answer.promise;
  }
  async delete(id: number): Promise<void> {
    if (this.failDelete !== null) throw this.failDelete;
    this.deletes.push(id);
  }
}

export class FakeKnownDomains implements KnownDomains {
  calls = 0;
  isShortUrl(text: string): boolean {
    this.calls++;
    return text.startsWith(`${SHORT_HOST}/`);
  }
}

/** Notifications shown; the test picks an action (or dismisses) with `choose`. */
export class FakeNotifier implements Notifier {
  readonly shown: { notification: ClipboardNotification; answer: Deferred<string | null> }[] = [];
  notify(notification: ClipboardNotification): Promise<string | null> {
    const answer = deferred<string | null>();
    this.shown.push({ notification, answer });
    return answer.promise;
  }
  get last(): ClipboardNotification | undefined {
    return this.shown.at(-1)?.notification;
  }
  choose(index: number, actionId: string | null): void {
    const entry = this.shown.at(index);
    if (!entry) throw new Error(`no notification ${index}`);
    entry.answer.resolve(actionId);
  }
}

/** Resolves with the first state (current or next) that satisfies the predicate. */
export function waitForState(
  watcher: ClipboardWatcher,
  predicate: (state: ClipboardWatchState) => boolean,
): Promise<ClipboardWatchState> {
  return new Promise((resolve) => {
    if (predicate(watcher.getState())) {
      resolve(watcher.getState());
      return;
    }
    const stop = watcher.onState((state) => {
      if (predicate(state)) {
        stop();
        resolve(state);
      }
    });
  });
}

export interface Harness {
  clock: FakeClock;
  clipboard: FakeClipboard;
  shortener: FakeShortener;
  known: FakeKnownDomains;
  notifier: FakeNotifier;
  online: { value: boolean };
  watcher: ClipboardWatcher;
  states: ClipboardWatchState[];
  /** The person copies `text`, then one poll interval passes and the work it started finishes. */
  copy(text: string): Promise<void>;
  /** The person copies `text` and one poll interval passes, with a held create: resolves once it is asked for. */
  copyHeld(text: string): Promise<CreateCall>;
  /** Lets `ms` pass and waits for any work started. */
  pass(ms: number): Promise<void>;
}

export function harness(settings: Partial<ClipboardSettings> = { enabled: true }, options: Partial<ClipboardWatcherDeps> = {}): Harness {
  const clock = new FakeClock();
  const clipboard = new FakeClipboard();
  const shortener = new FakeShortener();
  const known = new FakeKnownDomains();
  const notifier = new FakeNotifier();
  const online = { value: true };
  const watcher = createClipboardWatcher({
    clipboard,
    shortener,
    knownDomains: known,
    notifier,
    clock,
    connectivity: { isOnline: () => online.value },
    ...options,
  });
  const states: ClipboardWatchState[] = [];
  watcher.onState((s) => states.push(s));
  const result = watcher.configure({ ...settings });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const pass = async (ms: number) => {
    clock.advance(ms);
    await watcher.settled();
  };
  return {
    clock,
    clipboard,
    shortener,
    known,
    notifier,
    online,
    watcher,
    states,
    pass,
    async copy(text) {
      clipboard.copy(text);
      await pass(watcher.settings.pollIntervalMs);
    },
    async copyHeld(text) {
      shortener.hold = true;
      const count = shortener.creates.length + 1;
      clipboard.copy(text);
      clock.advance(watcher.settings.pollIntervalMs);
      await shortener.whenCreates(count);
      return shortener.creates[count - 1] as CreateCall;
    },
  };
}
