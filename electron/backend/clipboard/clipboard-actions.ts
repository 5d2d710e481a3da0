import type { ClipboardAction, ClipboardActionKind } from '../../shared/clipboard-rules.js';
import type { AppErrorInfo } from '../../shared/errors.js';
import type { Translate } from '../../shared/i18n/translate.js';
import { toAppError } from '../app-error.js';
import type { Clock } from '../scheduler/clock.js';
import type { ClipboardPoller } from './clipboard-poller.js';
import type { ClipboardMemory } from './memory.js';
import { shown } from './messages.js';
import type { ShortLinkRef } from './ports.js';

/** Actions kept for undo. */
const UNDO_HISTORY = 20;

export interface UndoOutcome {
  /** The original text is back on the clipboard. */
  restored: boolean;
  linkDeleted: boolean;
  /** What happened, in words. */
  message: string;
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
  fail: (error: AppErrorInfo, message: string) => void;
  /** The translator of the person's language now (see watcher-api.ts `translate`). */
  translate: () => Translate;
}

export interface ClipboardActions {
  record(base: ActionBase, kind: ClipboardActionKind, link: ShortLinkRef | null, newLink: boolean, message: string, original: string | null): ActionRecord;
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
    record(base, kind, link, newLink, message, original) {
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
      deps.onRecord(action);
      return rec;
    },

    update,

    async undo(actionId, options = {}) {
      const rec = actions.get(actionId);
      if (!rec || !rec.action.undoable) {
        return {
          restored: false,
          linkDeleted: false,
          message: rec?.action.undone ? deps.translate()('desktop.clipboard.undoAlready') : deps.translate()('desktop.clipboard.undoGone'),
        };
      }
      const { action } = rec;
      // Marked first, so a second click while the delete runs does nothing.
      update(rec, { ...action, undoable: false });

      const t = deps.translate();
      let restored = false;
      let clipboardNote = '';
      if (action.kind !== 'not-copied') {
        try {
          if ((await deps.poller.read()).trim() === action.shortUrl) {
            deps.memory.hold(rec.original);
            await deps.poller.put(rec.original);
            restored = true;
          } else clipboardNote = t('desktop.clipboard.undoClipboardChanged');
        } catch (error) {
          clipboardNote = t('desktop.clipboard.undoNotRestored', { reason: (error as Error).message });
        }
      }

      let linkDeleted = false;
      let linkNote = '';
      if (options.deleteLink) {
        if (!action.newLink || action.linkId === null) linkNote = t('desktop.clipboard.undoLinkKept');
        else {
          try {
            await deps.deleteLink(action.linkId);
            linkDeleted = true;
          } catch (error) {
            const info = toAppError(error);
            linkNote = t('desktop.clipboard.undoLinkNotDeleted', { reason: info.message });
            deps.fail(info, t('desktop.clipboard.deleteFailed', { shortUrl: action.shortUrl, reason: info.message }));
          }
        }
      }
      // Whole sentences, each a message of its own, one after another.
      const message = [
        restored ? t('desktop.clipboard.undoneRestored', { url: shown(action.copied) }) : t('desktop.clipboard.undone'),
        clipboardNote,
        linkDeleted ? t('desktop.clipboard.undoLinkDeleted', { shortUrl: action.shortUrl }) : linkNote,
      ]
        .filter((sentence) => sentence !== '')
        .join(' ');
      update(rec, { ...rec.action, message, undone: { at: clock.now(), restored, linkDeleted } });
      return { restored, linkDeleted, message };
    },
  };
}
