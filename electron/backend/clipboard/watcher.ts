import {
  DEFAULT_CLIPBOARD_SETTINGS,
  type ClipboardSettings,
  type ClipboardWatchState,
} from '../../shared/clipboard-rules.js';
import { errorMessageRef, type AppErrorInfo } from '../../shared/errors.js';
import { refOf } from '../../shared/field-issue.js';
import { msg, renderMessage, type MessageRef } from '../../shared/message-ref.js';
import type { LinkInput } from '../../shared/models.js';
import { applyUtm, hasUtm } from '../../shared/utm.js';
import { createTranslator } from '../../shared/i18n/translate.js';
import { SHARED_MESSAGES } from '../../shared/i18n/shared-messages.js';
import { toAppError } from '../app-error.js';
import { systemClock } from '../scheduler/clock.js';
import { createClipboardActions, type ActionRecord } from './clipboard-actions.js';
import type { ClipboardWatcher, ClipboardWatcherDeps } from './watcher-api.js';
import { createClipboardPoller } from './clipboard-poller.js';
import { DETECT_MAX_LENGTH, detectUrl, type DetectedUrl } from './detect.js';
import { ClipboardMemory } from './memory.js';
import {
  ACTION_COPY,
  ACTION_DELETE,
  ACTION_UNDO,
  ACTION_UNDO_DELETE,
  createdNotice,
  failedNotice,
  failureRef,
  notCopiedNotice,
  OFFLINE_SKIPPED,
  queuedNotice,
  reusedNotice,
  shown,
  stillWaitingRef,
  timeoutRef,
} from './messages.js';
import type { ClipboardNotification, ShortLinkRef } from './ports.js';
import { compileRules, evaluateRules, type CompiledRules, type RuleDecision } from './rules.js';
import { validateClipboardSettings } from './settings.js';
import { TimeoutError, withTimeout } from './with-timeout.js';

export type { ClipboardWatcher, ClipboardWatcherDeps, UndoOutcome } from './watcher-api.js';

/**
 * The clipboard watch. It reads the clipboard every `pollIntervalMs` while enabled and not
 * paused, and does nothing else until the text changes (one string comparison per tick). On a
 * change to one qualifying URL (detectUrl, not a short URL of the profile, let through by the
 * rules) it reuses or creates a link and puts the short URL on the clipboard, unless the person
 * has copied something else meanwhile. One URL is handled at a time; the clipboard is not read
 * while one is, so a copy made meanwhile is seen at the next tick after it.
 */
const englishTranslate = createTranslator('en', SHARED_MESSAGES);

export function createClipboardWatcher(deps: ClipboardWatcherDeps): ClipboardWatcher {
  const clock = deps.clock ?? systemClock;
  const createTimeoutMs = deps.createTimeoutMs ?? 20_000;
  const rateLimitBackoffMs = deps.rateLimitBackoffMs ?? 60_000;
  const log = deps.log ?? (() => {});
  /** The person's language now: read at each notice, so a change in Settings applies to the next one. */
  const t = deps.translate ?? (() => englishTranslate);
  const memory = new ClipboardMemory();
  const listeners = new Set<(state: ClipboardWatchState) => void>();
  const tasks = new Set<Promise<unknown>>();

  let settings: ClipboardSettings = DEFAULT_CLIPBOARD_SETTINGS;
  let rules: CompiledRules = compileRules(settings);
  let working = false;
  let disposed = false;
  let backoffUntil = 0;
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

  /**
   * The status line's failure: `ref` (default: the error's own key) is kept for the window, which
   * words it in the person's language of now; `message` is its rendering in the language of this
   * moment, or the error's words when it has no key.
   */
  function fail(error: AppErrorInfo, ref: MessageRef | undefined = errorMessageRef(error)): void {
    const message = ref ? renderMessage(ref, t()) : error.message;
    publish({ lastError: { code: error.code, message, ...(ref ? { ref } : {}), at: clock.now() } });
  }

  /** A failure said in the status line and in a notification. */
  function failAndNotify(error: AppErrorInfo, ref: MessageRef): void {
    fail(error, ref);
    notify(failedNotice(t(), renderMessage(ref, t())));
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    tasks.add(promise);
    void promise.then(
      () => tasks.delete(promise),
      () => tasks.delete(promise),
    );
    return promise;
  }

  const poller = createClipboardPoller({
    clipboard: deps.clipboard,
    clock,
    active,
    busy: () => working,
    intervalMs: () => settings.pollIntervalMs,
    onCopy: onChange,
    onReadError: (error) => {
      // The OS clipboard's own words (Electron's or the system's) inside the sentence.
      const ref = msg('desktop.clipboard.cannotRead', { reason: (error as Error).message });
      fail({ code: 'internal', message: renderMessage(ref, t()) }, ref);
    },
  });

  const history = createClipboardActions({
    clock,
    poller,
    memory,
    deleteLink: (id) => deps.shortener.delete(id),
    onRecord: (action) => publish({ lastAction: action }),
    onUpdate: (action) => publish(state.lastAction?.id === action.id ? { lastAction: action } : {}),
    fail,
    translate: t,
  });
  const record = history.record;

  function applySettings(next: ClipboardSettings): void {
    const wasActive = active();
    const intervalChanged = next.pollIntervalMs !== settings.pollIntervalMs;
    settings = next;
    rules = compileRules(next);
    if (!active()) poller.stop();
    else if (!wasActive) poller.begin();
    else if (intervalChanged) poller.reschedule();
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
        // The first problem as its message (the UTM checks say one per field; one is enough here).
        const first = tagged.issues[0];
        const reason = (first && refOf(first)) ?? tagged.issues.map((i) => i.message).join(' ');
        const ref = msg('desktop.clipboard.utmFailed', { url: shown(url), reason });
        failAndNotify({ code: 'invalid-input', message: renderMessage(ref, t()) }, ref);
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
      const ref = stillWaitingRef(url, waitMs);
      record(base, 'skipped', null, false, ref, original);
      failAndNotify({ code: 'rate-limited', message: renderMessage(ref, t()) }, ref);
      return;
    }

    const input: LinkInput = { url };
    if (defaults.domain) input.domain = defaults.domain;
    if (defaults.channel !== undefined) input.channel = defaults.channel;
    if (defaults.campaign !== undefined) input.campaign = defaults.campaign;
    let outcome: ShortLinkRef | { queued: true; opId: string };
    try {
      outcome = await withTimeout(clock, createTimeoutMs, (signal) =>
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
        msg('desktop.clipboard.queuedStatus', { url: shown(url) }),
        original,
      );
      publish({ offline: true });
      notify(queuedNotice(t(), url));
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
      const ref = timeoutRef(base.url, Math.round(createTimeoutMs / 1000));
      failAndNotify({ code: 'offline', message: renderMessage(ref, t()) }, ref);
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
    failAndNotify(info, failureRef(info, base.url, waitMs));
  }

  function skippedOffline(base: { copied: string; url: string; rule: string | null }): void {
    record(base, 'skipped', null, false, OFFLINE_SKIPPED, null);
    publish({ offline: true });
    notify(failedNotice(t(), renderMessage(OFFLINE_SKIPPED, t())));
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
      unchanged = active() && (await poller.read()).trim() === base.copied;
    } catch {
      unchanged = false;
    }
    if (!unchanged) {
      const rec = record(
        base,
        'not-copied',
        link,
        newLink,
        msg('desktop.clipboard.madeNotCopied', { shortUrl: link.shortUrl }),
        original,
      );
      notify(notCopiedNotice(t(), link.shortUrl, newLink), rec);
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
        msg('desktop.clipboard.madeNotWritten', { shortUrl: link.shortUrl, reason: (error as Error).message }),
        original,
      );
      notify(notCopiedNotice(t(), link.shortUrl, newLink), rec);
      return;
    }
    const notice = newLink ? createdNotice(t(), link.shortUrl, base.url) : reusedNotice(t(), link.shortUrl, base.url);
    const said = newLink
      ? msg('desktop.clipboard.createdBody', { shortUrl: link.shortUrl, url: shown(base.url) })
      : msg('desktop.clipboard.reusedBody', { shortUrl: link.shortUrl, url: shown(base.url) });
    const rec = record(base, newLink ? 'created' : 'reused', link, newLink, said, original);
    publish({ lastError: null });
    notify(
      notice,
      rec,
    );
  }

  /** Writes text Linkdeck means to put there, so that no tick takes it for a copy. */
  async function write(text: string): Promise<void> {
    memory.rememberWritten(text);
    await poller.put(text);
  }

  // ---------------------------------------------------------------- notifications and undo

  function notify(notification: ClipboardNotification, rec?: ActionRecord): void {
    let answer: Promise<string | null>;
    try {
      // A newer outcome of the watch replaces the older notice (its Undo stays in the settings card).
      answer = deps.notifier.notify({ group: 'clipboard', ...notification });
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
        await history.undo(rec.action.id, { deleteLink: false });
        break;
      case ACTION_UNDO_DELETE:
      case ACTION_DELETE:
        await history.undo(rec.action.id, { deleteLink: true });
        break;
      case ACTION_COPY:
        if (rec.action.shortUrl) {
          try {
            await write(rec.action.shortUrl);
            const copied = msg('desktop.clipboard.copiedOnRequest', { shortUrl: rec.action.shortUrl });
            history.update(rec, { ...rec.action, message: renderMessage(copied, t()), messageRefs: [copied] });
          } catch (error) {
            fail(toAppError(error), msg('desktop.clipboard.copyFailed', { reason: (error as Error).message }));
          }
        }
        break;
    }
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
    undo: (actionId, options) => track(history.undo(actionId, options)),
    write: (text) => track(write(text)),
    settled,
    async dispose() {
      disposed = true;
      poller.stop();
      publish();
      await settled();
      listeners.clear();
    },
  };
}
