import {
  DEFAULT_CLIPBOARD_SETTINGS,
  type ClipboardAction,
  type ClipboardActionKind,
  type ClipboardSettings,
  type ClipboardWatchState,
} from '../../shared/clipboard-rules.js';
import type { AppErrorInfo } from '../../shared/errors.js';
import type { LinkInput } from '../../shared/models.js';
import { applyUtm, hasUtm } from '../../shared/utm.js';
import { toAppError } from '../app-error.js';
import { systemClock, type Clock } from '../scheduler/clock.js';
import { DETECT_MAX_LENGTH, detectUrl, type DetectedUrl } from './detect.js';
import { ClipboardMemory } from './memory.js';
import {
  ACTION_COPY,
  ACTION_DELETE,
  ACTION_UNDO,
  ACTION_UNDO_DELETE,
  createdNotice,
  failedNotice,
  failureWords,
  notCopiedNotice,
  OFFLINE_SKIPPED,
  queuedNotice,
  reusedNotice,
  shown,
  stillWaitingWords,
  timeoutWords,
} from './messages.js';
import type {
  Awaitable,
  ClipboardNotification,
  ClipboardPort,
  Connectivity,
  KnownDomains,
  Notifier,
  ShortLinkRef,
  Shortener,
} from './ports.js';
import { compileRules, evaluateRules, type CompiledRules, type RuleDecision } from './rules.js';
import { validateClipboardSettings, type ClipboardSettingsResult } from './settings.js';

export interface ClipboardWatcherDeps {
  clipboard: ClipboardPort;
  shortener: Shortener;
  knownDomains: KnownDomains;
  notifier: Notifier;
  /** Default: the system clock. */
  clock?: Clock;
  /** When given, links are not even attempted while it says offline and the setting is 'skip'. */
  connectivity?: Connectivity;
  /** Settings to start with (they are validated); default: off. */
  settings?: ClipboardSettings;
  /** How long to wait for the service to create a link. Default 20 s. */
  createTimeoutMs?: number;
  /** After a rate-limit answer without a retry time, how long to leave new links alone. Default 60 s. */
  rateLimitBackoffMs?: number;
  /** For failures nobody needs to act on (a notification that could not be shown). */
  log?: (message: string) => void;
}

export interface UndoOutcome {
  /** The original text is back on the clipboard. */
  restored: boolean;
  linkDeleted: boolean;
  /** What happened, in words. */
  message: string;
}

export interface ClipboardWatcher {
  /**
   * Validates and applies settings (from the settings form or file). Polling starts when they
   * say enabled and not paused, and stops otherwise. Invalid settings change nothing.
   */
  configure(input: unknown): ClipboardSettingsResult;
  /** The tray's pause and resume. Resuming ignores whatever was copied while paused. */
  setPaused(paused: boolean): void;
  /** The settings in force (to save after setPaused). */
  readonly settings: ClipboardSettings;
  getState(): ClipboardWatchState;
  /** Called with each new state (a fresh object); returns the remover. */
  onState(listener: (state: ClipboardWatchState) => void): () => void;
  /**
   * Undoes a shortening: the original text goes back on the clipboard if the short URL is still
   * there, and with `deleteLink` a link this action created is deleted (a reused link never is).
   */
  undo(actionId: string, options?: { deleteLink?: boolean }): Promise<UndoOutcome>;
  /**
   * Puts text on the clipboard as Linkdeck's own (the quick-shorten window, a "Copy" button):
   * remembered, so the watch never takes it for a copy to shorten. Resolves once the clipboard
   * holds it; the watch compares nothing until then.
   */
  write(text: string): Promise<void>;
  /** Resolves when no shortening or notification choice is being handled. */
  settled(): Promise<void>;
  /** Stops polling and waits for work in flight. */
  dispose(): Promise<void>;
}

/** Actions kept for undo. */
const UNDO_HISTORY = 20;

interface ActionRecord {
  action: ClipboardAction;
  /** The clipboard text the short URL replaced, exactly as it was. */
  original: string;
}

class TimeoutError extends Error {}

/**
 * The clipboard watch. It reads the clipboard every `pollIntervalMs` while enabled and not
 * paused, and does nothing else until the text changes (one string comparison per tick). On a
 * change to one qualifying URL (detectUrl, not a short URL of the profile, let through by the
 * rules) it reuses or creates a link and puts the short URL on the clipboard, unless the person
 * has copied something else meanwhile. One URL is handled at a time; the clipboard is not read
 * while one is, so a copy made meanwhile is seen at the next tick after it.
 */
export function createClipboardWatcher(deps: ClipboardWatcherDeps): ClipboardWatcher {
  const clock = deps.clock ?? systemClock;
  const createTimeoutMs = deps.createTimeoutMs ?? 20_000;
  const rateLimitBackoffMs = deps.rateLimitBackoffMs ?? 60_000;
  const log = deps.log ?? (() => {});
  const memory = new ClipboardMemory();
  const actions = new Map<string, ActionRecord>();
  const listeners = new Set<(state: ClipboardWatchState) => void>();
  const tasks = new Set<Promise<unknown>>();

  let settings: ClipboardSettings = DEFAULT_CLIPBOARD_SETTINGS;
  let rules: CompiledRules = compileRules(settings);
  let timer: unknown = null;
  /** The text seen at the last poll; null until the first read since watching began (the baseline). */
  let lastSeen: string | null = '';
  let working = false;
  let readFailing = false;
  /** An asynchronous read is under way: no other poll starts meanwhile. */
  let reading = false;
  /**
   * Writes of Linkdeck's own under way. Electron 45 writes the clipboard asynchronously: until a
   * write has landed a read still answers the text before it, which must not count as a copy.
   */
  let writing = 0;
  /** Counts writes started: a read that began before the latest write says nothing about now. */
  let writeGen = 0;
  let disposed = false;
  let backoffUntil = 0;
  let actionCount = 0;
  let state: ClipboardWatchState = {
    enabled: false,
    paused: false,
    status: 'off',
    offline: false,
    pollIntervalMs: settings.pollIntervalMs,
    lastAction: null,
    lastError: null,
  };

  const active = (): boolean => !disposed && settings.enabled && !settings.paused;

  function publish(patch: Partial<ClipboardWatchState> = {}): void {
    state = {
      ...state,
      ...patch,
      enabled: settings.enabled,
      paused: settings.paused,
      pollIntervalMs: settings.pollIntervalMs,
      status:
        !settings.enabled || disposed
          ? 'off'
          : settings.paused
            ? 'paused'
            : working
              ? 'working'
              : 'watching',
    };
    for (const listener of listeners) {
      try {
        listener(state);
      } catch (error) {
        log(`[clipboard] a state listener failed: ${(error as Error).message}`);
      }
    }
  }

  function fail(error: AppErrorInfo, message = error.message): void {
    publish({ lastError: { code: error.code, message, at: clock.now() } });
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    tasks.add(promise);
    void promise.then(
      () => tasks.delete(promise),
      () => tasks.delete(promise),
    );
    return promise;
  }

  // ---------------------------------------------------------------- polling

  function tick(): void {
    timer = null;
    if (!active()) return;
    if (working || writing > 0) return schedule();
    const gen = writeGen;
    let text: Awaitable<string>;
    try {
      text = deps.clipboard.readText();
    } catch (error) {
      readFailed(error);
      return schedule();
    }
    if (typeof text === 'string') {
      seen(text, gen);
      return schedule();
    }
    // Newer Electron reads the clipboard asynchronously: the next poll waits for this one.
    reading = true;
    text.then((answer) => seen(answer, gen), readFailed).finally(() => {
      reading = false;
      schedule();
    });
  }

  function seen(text: string, gen: number): void {
    readFailing = false;
    // Read before (or while) Linkdeck wrote: the text it answered is already gone.
    if (!active() || working || writing > 0 || gen !== writeGen) return;
    if (lastSeen === null) {
      lastSeen = text; // the first read after watching began: copied before, not acted on
      return;
    }
    if (text !== lastSeen) {
      lastSeen = text;
      onChange(text);
    }
  }

  function readFailed(error: unknown): void {
    // Reported once, not at every tick; polling goes on at its normal pace.
    if (!readFailing)
      fail({
        code: 'internal',
        message: `Linkdeck cannot read the clipboard: ${(error as Error).message}`,
      });
    readFailing = true;
  }

  /** The clipboard's text now, whichever way the port answers. */
  async function readNow(): Promise<string> {
    return deps.clipboard.readText();
  }

  function schedule(): void {
    if (timer === null && !reading && active()) timer = clock.setTimeout(tick, settings.pollIntervalMs);
  }

  function stopTimer(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  /** What is on the clipboard when watching starts was copied before: it is not acted on. */
  function baseline(): void {
    try {
      const text = deps.clipboard.readText();
      // An asynchronous port: the first poll's read is the baseline.
      lastSeen = typeof text === 'string' ? text : null;
    } catch {
      lastSeen = '';
    }
  }

  function applySettings(next: ClipboardSettings): void {
    const wasActive = active();
    const intervalChanged = next.pollIntervalMs !== settings.pollIntervalMs;
    settings = next;
    rules = compileRules(next);
    if (!active()) stopTimer();
    else if (!wasActive) {
      baseline();
      stopTimer();
      schedule();
    } else if (intervalChanged) {
      stopTimer();
      schedule();
    }
    publish();
  }

  // ---------------------------------------------------------------- a copy

  function onChange(text: string): void {
    try {
      if (text.length > DETECT_MAX_LENGTH + 256) {
        // A document, not a link: a real copy, not worth trimming or hashing.
        memory.releaseHeld();
        return;
      }
      const trimmed = text.trim();
      if (trimmed === '') return; // some apps clear the clipboard before they set it
      if (memory.isOwn(trimmed)) return;
      memory.releaseHeld();
      const found = detectUrl(text);
      if (found === null || deps.knownDomains.isShortUrl(found.text)) return;
      const decision = evaluateRules(rules, found.url);
      if (!decision.shorten) return;
      working = true;
      publish();
      void track(
        shorten(found, decision, text)
          .catch((error: unknown) => fail(toAppError(error)))
          .finally(() => {
            working = false;
            publish();
          }),
      );
    } catch (error) {
      fail(toAppError(error));
    }
  }

  async function shorten(
    found: DetectedUrl,
    decision: Extract<RuleDecision, { shorten: true }>,
    original: string,
  ): Promise<void> {
    const { defaults } = decision;
    let url = found.text;
    if (defaults.utm && hasUtm(defaults.utm)) {
      const tagged = applyUtm(url, defaults.utm);
      if (!tagged.ok) {
        const message = `UTM parameters could not be added to ${shown(url)}: ${tagged.issues.map((i) => i.message).join(' ')}`;
        fail({ code: 'invalid-input', message });
        notify(failedNotice(message));
        return;
      }
      url = tagged.url;
    }
    const base = { copied: found.text, url, rule: decision.rule?.match ?? null };

    let reusable: ShortLinkRef | null = null;
    try {
      reusable = await deps.shortener.findReusable(url, defaults.domain);
    } catch (error) {
      // The mirror could not answer: making a new link is still right.
      log(`[clipboard] looking for a link to reuse failed: ${(error as Error).message}`);
    }
    if (reusable && reusable.shortUrl) {
      await deliver(base, reusable, false, original);
      return;
    }

    if (settings.offline === 'skip' && deps.connectivity && !deps.connectivity.isOnline()) {
      skippedOffline(base);
      return;
    }
    const waitMs = backoffUntil - clock.now();
    if (waitMs > 0) {
      const message = stillWaitingWords(url, waitMs);
      record(base, 'skipped', null, false, message, original);
      fail({ code: 'rate-limited', message });
      notify(failedNotice(message));
      return;
    }

    const input: LinkInput = { url };
    if (defaults.domain) input.domain = defaults.domain;
    if (defaults.channel !== undefined) input.channel = defaults.channel;
    if (defaults.campaign !== undefined) input.campaign = defaults.campaign;
    let outcome: ShortLinkRef | { queued: true; opId: string };
    try {
      outcome = await withTimeout((signal) =>
        deps.shortener.create(input, { priority: 'clipboard', offline: settings.offline, signal }),
      );
    } catch (error) {
      failed(base, error);
      return;
    }
    if ('queued' in outcome) {
      record(
        base,
        'queued',
        null,
        false,
        `Offline: ${shown(url)} will be shortened when the service can be reached.`,
        original,
      );
      publish({ offline: true });
      notify(queuedNotice(url));
      return;
    }
    publish({ offline: false });
    await deliver(base, outcome, true, original);
  }

  function failed(
    base: { copied: string; url: string; rule: string | null },
    error: unknown,
  ): void {
    if (error instanceof TimeoutError) {
      const message = `${shown(base.url)} was not shortened: ${timeoutWords(Math.round(createTimeoutMs / 1000))}`;
      fail({ code: 'offline', message });
      notify(failedNotice(message));
      return;
    }
    const info = toAppError(error);
    if (info.code === 'offline') {
      publish({ offline: true });
      if (settings.offline === 'skip') {
        skippedOffline(base);
        return;
      }
    }
    let waitMs = 0;
    if (info.code === 'rate-limited') {
      const retry = info.details?.['retryAfterMs'];
      waitMs = typeof retry === 'number' && retry > 0 ? retry : rateLimitBackoffMs;
      backoffUntil = clock.now() + waitMs;
    }
    const message = failureWords(info, base.url, waitMs);
    fail(info, message);
    notify(failedNotice(message));
  }

  function skippedOffline(base: { copied: string; url: string; rule: string | null }): void {
    record(base, 'skipped', null, false, OFFLINE_SKIPPED, null);
    publish({ offline: true });
    notify(failedNotice(OFFLINE_SKIPPED));
  }

  /** Puts the short URL on the clipboard, if the copied URL is still what it holds. */
  async function deliver(
    base: { copied: string; url: string; rule: string | null },
    link: ShortLinkRef,
    newLink: boolean,
    original: string,
  ): Promise<void> {
    let unchanged: boolean;
    try {
      unchanged = active() && (await readNow()).trim() === base.copied;
    } catch {
      unchanged = false;
    }
    if (!unchanged) {
      const rec = record(
        base,
        'not-copied',
        link,
        newLink,
        `${link.shortUrl} was made but not copied: the clipboard had changed.`,
        original,
      );
      notify(notCopiedNotice(link.shortUrl, newLink), rec);
      return;
    }
    memory.hold(original);
    try {
      await write(link.shortUrl);
    } catch (error) {
      const rec = record(
        base,
        'not-copied',
        link,
        newLink,
        `${link.shortUrl} was made but could not be put on the clipboard: ${(error as Error).message}`,
        original,
      );
      notify(notCopiedNotice(link.shortUrl, newLink), rec);
      return;
    }
    const message = newLink
      ? `${link.shortUrl} is on the clipboard, for ${shown(base.url)}.`
      : `${link.shortUrl} (made earlier) is on the clipboard, for ${shown(base.url)}.`;
    const rec = record(base, newLink ? 'created' : 'reused', link, newLink, message, original);
    publish({ lastError: null });
    notify(
      newLink ? createdNotice(link.shortUrl, base.url) : reusedNotice(link.shortUrl, base.url),
      rec,
    );
  }

  /** Writes text Linkdeck means to put there, so that no tick takes it for a copy. */
  async function write(text: string): Promise<void> {
    memory.rememberWritten(text);
    await putOnClipboard(text);
  }

  /**
   * Writes the clipboard and waits until it holds the text: no poll compares meanwhile, and a read
   * that began before is ignored. Only then is the text what the watch last saw.
   */
  async function putOnClipboard(text: string): Promise<void> {
    writing++;
    writeGen++;
    try {
      await deps.clipboard.writeText(text);
    } finally {
      writing--;
    }
    lastSeen = text;
  }

  function record(
    base: { copied: string; url: string; rule: string | null },
    kind: ClipboardActionKind,
    link: ShortLinkRef | null,
    newLink: boolean,
    message: string,
    original: string | null,
  ): ActionRecord {
    const action: ClipboardAction = {
      id: `clip-${clock.now()}-${++actionCount}`,
      kind,
      ...base,
      shortUrl: link?.shortUrl ?? null,
      linkId: link?.id ?? null,
      newLink,
      at: clock.now(),
      message,
      undoable: kind === 'created' || kind === 'reused' || (kind === 'not-copied' && newLink),
      undone: null,
    };
    const rec: ActionRecord = { action, original: original ?? base.copied };
    actions.set(action.id, rec);
    if (actions.size > UNDO_HISTORY) actions.delete(actions.keys().next().value as string);
    publish({ lastAction: action });
    return rec;
  }

  async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let handle: unknown = null;
    const timeout = new Promise<never>((_, reject) => {
      handle = clock.setTimeout(() => {
        controller.abort(new TimeoutError('timed out'));
        reject(new TimeoutError('timed out'));
      }, createTimeoutMs);
    });
    try {
      return await Promise.race([run(controller.signal), timeout]);
    } finally {
      clock.clearTimeout(handle);
    }
  }

  // ---------------------------------------------------------------- notifications and undo

  function notify(notification: ClipboardNotification, rec?: ActionRecord): void {
    let answer: Promise<string | null>;
    try {
      answer = deps.notifier.notify(notification);
    } catch (error) {
      log(`[clipboard] a notification could not be shown: ${(error as Error).message}`);
      return;
    }
    answer.then(
      (choice) => {
        if (choice !== null && rec && !disposed) void track(choose(rec, choice));
      },
      (error: unknown) => log(`[clipboard] a notification failed: ${(error as Error).message}`),
    );
  }

  async function choose(rec: ActionRecord, choice: string): Promise<void> {
    switch (choice) {
      case ACTION_UNDO:
        await undo(rec.action.id, { deleteLink: false });
        break;
      case ACTION_UNDO_DELETE:
      case ACTION_DELETE:
        await undo(rec.action.id, { deleteLink: true });
        break;
      case ACTION_COPY:
        if (rec.action.shortUrl) {
          try {
            await write(rec.action.shortUrl);
            updateAction(rec, {
              ...rec.action,
              message: `${rec.action.shortUrl} is on the clipboard (copied on request).`,
            });
          } catch (error) {
            fail(
              toAppError(error),
              `The short link could not be copied: ${(error as Error).message}`,
            );
          }
        }
        break;
    }
  }

  function updateAction(rec: ActionRecord, action: ClipboardAction): void {
    rec.action = action;
    publish(state.lastAction?.id === action.id ? { lastAction: action } : {});
  }

  async function undo(
    actionId: string,
    options: { deleteLink?: boolean } = {},
  ): Promise<UndoOutcome> {
    const rec = actions.get(actionId);
    if (!rec || !rec.action.undoable) {
      return {
        restored: false,
        linkDeleted: false,
        message: rec?.action.undone ? 'This was already undone.' : 'This can no longer be undone.',
      };
    }
    const { action } = rec;
    // Marked first, so a second click while the delete runs does nothing.
    updateAction(rec, { ...action, undoable: false });

    let restored = false;
    let clipboardNote = '';
    if (action.kind !== 'not-copied') {
      try {
        if ((await readNow()).trim() === action.shortUrl) {
          memory.hold(rec.original);
          await putOnClipboard(rec.original);
          restored = true;
        } else clipboardNote = ' The clipboard had changed since, so it was left as it is.';
      } catch (error) {
        clipboardNote = ` The clipboard could not be restored: ${(error as Error).message}.`;
      }
    }

    let linkDeleted = false;
    let linkNote = '';
    if (options.deleteLink) {
      if (!action.newLink || action.linkId === null)
        linkNote = ' The link existed before, so it was kept.';
      else {
        try {
          await deps.shortener.delete(action.linkId);
          linkDeleted = true;
        } catch (error) {
          const info = toAppError(error);
          linkNote = ` The link could not be deleted: ${info.message}`;
          fail(info, `${action.shortUrl} could not be deleted: ${info.message}`);
        }
      }
    }
    const message =
      (restored ? `Undone: ${shown(action.copied)} is back on the clipboard.` : 'Undone.') +
      clipboardNote +
      (linkDeleted ? ` ${action.shortUrl} was deleted.` : linkNote);
    updateAction(rec, {
      ...rec.action,
      message,
      undone: { at: clock.now(), restored, linkDeleted },
    });
    return { restored, linkDeleted, message };
  }

  async function settled(): Promise<void> {
    while (tasks.size > 0) await Promise.allSettled([...tasks]);
  }

  // ---------------------------------------------------------------- the watcher

  if (deps.settings) {
    const initial = validateClipboardSettings(deps.settings);
    if (!initial.ok)
      throw new TypeError(
        `invalid clipboard settings: ${initial.issues.map((i) => i.message).join('; ')}`,
      );
    applySettings(initial.settings);
  }

  return {
    configure(input) {
      const result = validateClipboardSettings(input);
      if (result.ok && !disposed) applySettings(result.settings);
      return result;
    },
    setPaused(paused) {
      if (paused !== settings.paused && !disposed) applySettings({ ...settings, paused });
    },
    get settings() {
      return settings;
    },
    getState: () => state,
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    undo: (actionId, options) => track(undo(actionId, options)),
    write: (text) => track(write(text)),
    settled,
    async dispose() {
      disposed = true;
      stopTimer();
      publish();
      await settled();
      listeners.clear();
    },
  };
}
