import type { ClipboardAction, ClipboardActionKind } from '../../shared/clipboard-rules.js';
import type { AppErrorInfo } from '../../shared/errors.js';
import type { Translate } from '../../shared/i18n/translate.js';
import { toAppError } from '../app-error.js';
import type { Clock } from '../scheduler/clock.js';
import type { ClipboardPoller } from './clipboard-poller.js';
import type { ClipboardMemory } from './memory.js';
import { msg, renderMessage, type MessageRef } from '../../shared/message-ref.js';
import { reasonParam, shown } from './messages.js';
import type { ShortLinkRef } from './ports.js';

/** Actions kept for undo. */
const UNDO_HISTORY = 20;

export interface UndoOutcome {
  /** The original text is back on the clipboard. */
  restored: boolean;
  linkDeleted: boolean;
  /** What happened, in words (the language of now)… */
  message: string;
  /** …and as messages, one sentence each, for a window that words them itself. */
  messageRefs: MessageRef[];
}

export interface ActionRecord {
  action: ClipboardAction;
  /** The clipboard text the short URL replaced, exactly as it was. */
  original: string;
}

/** What was copied, the URL shortened (UTM parameters added) and the rule that let it through. */
export interface ActionBase {
  copied: string;
  url: string;
  rule: string | null;
}

export interface ClipboardActionsDeps {
  clock: Clock;
  poller: Pick<ClipboardPoller, 'read' | 'put'>;
  memory: ClipboardMemory;
  deleteLink: (id: number) => Promise<unknown>;
  /** A new action: it is the watch's last one now. */
  onRecord: (action: ClipboardAction) => void;
  /** An action changed (undone, copied again). */
  onUpdate: (action: ClipboardAction) => void;
  /** A failure for the status line: `ref` says it (default: the error's own words). */
  fail: (error: AppErrorInfo, ref?: MessageRef) => void;
  /** The translator of the person's language now (see watcher-api.ts `translate`). */
  translate: () => Translate;
}

export interface ClipboardActions {
  /** `words`: what happened, as a message (rendered now for `message`, kept as `messageRefs`). */
  record(base: ActionBase, kind: ClipboardActionKind, link: ShortLinkRef | null, newLink: boolean, words: MessageRef, original: string | null): ActionRecord;
  update(rec: ActionRecord, action: ClipboardAction): void;
  /**
   * Undoes a shortening: the original text goes back on the clipboard if the short URL is still
   * there, and with `deleteLink` a link this action created is deleted (a reused link never is).
   */
  undo(actionId: string, options?: { deleteLink?: boolean }): Promise<UndoOutcome>;
}

/** The watch's last actions, each undoable for as long as it is among the last UNDO_HISTORY. */
export function createClipboardActions(deps: ClipboardActionsDeps): ClipboardActions {
  const { clock } = deps;
  const actions = new Map<string, ActionRecord>();
  let actionCount = 0;

  function update(rec: ActionRecord, action: ClipboardAction): void {
    rec.action = action;
    deps.onUpdate(action);
  }

  return {
    record(base, kind, link, newLink, words, original) {
      const action: ClipboardAction = {
        id: `clip-${clock.now()}-${++actionCount}`,
        kind,
        ...base,
        shortUrl: link?.shortUrl ?? null,
        linkId: link?.id ?? null,
        newLink,
        at: clock.now(),
        message: renderMessage(words, deps.translate()),
        messageRefs: [words],
        undoable: kind === 'created' || kind === 'reused' || (kind === 'not-copied' && newLink),
        undone: null,
      };
      const rec: ActionRecord = { action, original: original ?? base.copied };
      actions.set(action.id, rec);
      if (actions.size > UNDO_HISTORY) actions.delete(actions.keys().next().value as string);
      deps.onRecord(action);
      return rec;
    },

    update,

    async undo(actionId, options = {}) {
      const rec = actions.get(actionId);
      const t = deps.translate();
      /** Whole sentences, each a message of its own, shown one after another. */
      const outcome = (restored: boolean, linkDeleted: boolean, refs: MessageRef[]): UndoOutcome => ({
        restored,
        linkDeleted,
        message: refs.map((ref) => renderMessage(ref, t)).join(' '),
        messageRefs: refs,
      });
      if (!rec || !rec.action.undoable) {
        return outcome(false, false, [msg(rec?.action.undone ? 'desktop.clipboard.undoAlready' : 'desktop.clipboard.undoGone')]);
      }
      const { action } = rec;
      // Marked first, so a second click while the delete runs does nothing.
      update(rec, { ...action, undoable: false });

      let restored = false;
      let clipboardNote: MessageRef | null = null;
      if (action.kind !== 'not-copied') {
        try {
          if ((await deps.poller.read()).trim() === action.shortUrl) {
            deps.memory.hold(rec.original);
            await deps.poller.put(rec.original);
            restored = true;
          } else clipboardNote = msg('desktop.clipboard.undoClipboardChanged');
        } catch (error) {
          // The OS clipboard's own words (Electron's or the system's), as they came.
          clipboardNote = msg('desktop.clipboard.undoNotRestored', { reason: (error as Error).message });
        }
      }

      let linkDeleted = false;
      let linkNote: MessageRef | null = null;
      const shortUrl = action.shortUrl ?? '';
      if (options.deleteLink) {
        if (!action.newLink || action.linkId === null) linkNote = msg('desktop.clipboard.undoLinkKept');
        else {
          try {
            await deps.deleteLink(action.linkId);
            linkDeleted = true;
          } catch (error) {
            const info = toAppError(error);
            linkNote = msg('desktop.clipboard.undoLinkNotDeleted', { reason: reasonParam(info) });
            deps.fail(info, msg('desktop.clipboard.deleteFailed', { shortUrl, reason: reasonParam(info) }));
          }
        }
      }
      const refs = [
        restored ? msg('desktop.clipboard.undoneRestored', { url: shown(action.copied) }) : msg('desktop.clipboard.undone'),
        clipboardNote,
        linkDeleted ? msg('desktop.clipboard.undoLinkDeleted', { shortUrl }) : linkNote,
      ].filter((ref): ref is MessageRef => ref !== null);
      const done = outcome(restored, linkDeleted, refs);
      update(rec, { ...rec.action, message: done.message, messageRefs: refs, undone: { at: clock.now(), restored, linkDeleted } });
      return done;
    },
  };
}
