/**
 * Unsent link-editor drafts, kept in localStorage so one survives navigation, going offline and a
 * restart until it is queued or discarded. Drafts are the user's own typing; the one secret a
 * link form holds, its password, is NEVER written here (see {@link toStored}).
 *
 * Keyed by profile, then mode and link id: `create:new`, `edit:42`.
 */
import { defineStore } from 'pinia';
import type { LinkForm } from '../components/link-editor/link-form.js';
import { useProfilesStore } from './profiles.js';

const PREFIX = 'linkdeck.link-draft.';

export interface StoredDraft {
  form: Omit<LinkForm, 'password'>;
  /** Unix ms of the last change. */
  savedAt: number;
}

export const draftKey = (mode: 'create' | 'edit', linkId: number | null | undefined) => `${mode}:${linkId ?? 'new'}`;

/** The form without its password: a password typed into a draft stays in memory only. */
function toStored(form: LinkForm): StoredDraft['form'] {
  const { password: _password, ...rest } = form;
  return rest;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be disabled for the page: drafts then last as long as the editor.
    return null;
  }
}

export const useLinkDraftsStore = defineStore('link-drafts', () => {
  const profiles = useProfilesStore();
  const fullKey = (key: string) => `${PREFIX}${profiles.currentId ?? 'none'}.${key}`;

  function load(key: string): StoredDraft | null {
    const raw = storage()?.getItem(fullKey(key));
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || typeof (parsed as StoredDraft).form !== 'object' || (parsed as StoredDraft).form === null) return null;
      return parsed as StoredDraft;
    } catch {
      return null;
    }
  }

  function save(key: string, form: LinkForm, now = Date.now()): void {
    const value: StoredDraft = { form: toStored(form), savedAt: now };
    try {
      storage()?.setItem(fullKey(key), JSON.stringify(value));
    } catch {
      // Quota exceeded: the draft still lives in the open editor.
    }
  }

  function discard(key: string): void {
    storage()?.removeItem(fullKey(key));
  }

  return { load, save, discard };
});
