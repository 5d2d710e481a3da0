import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { BridgeError, call, onEvent } from '../bridge.js';
import { isRecord } from '../composables/shape.js';
import { t } from '../i18n/index.js';
import type { ClipboardSettings } from '../../../electron/shared/clipboard-rules.js';
import type { ClipboardStatus } from '../../../electron/shared/desktop.js';
import type { LoadStatus } from './load-status.js';
import { keptSentences } from '../composables/kept-text.js';
import { useProfilesStore } from './profiles.js';

const STATUSES = ['off', 'paused', 'watching', 'working'];

/** A status from the backend, or null when it is not one (a window must not break on a surprise). */
function asClipboardStatus(value: unknown): ClipboardStatus | null {
  if (!isRecord(value) || typeof value['status'] !== 'string' || !STATUSES.includes(value['status'])) return null;
  if (typeof value['enabled'] !== 'boolean' || typeof value['available'] !== 'boolean') return null;
  const lastAction = isRecord(value['lastAction']) && typeof value['lastAction']['id'] === 'string' ? value['lastAction'] : null;
  const lastError = isRecord(value['lastError']) && typeof value['lastError']['message'] === 'string' ? value['lastError'] : null;
  return { ...(value as unknown as ClipboardStatus), lastAction: lastAction as ClipboardStatus['lastAction'], lastError: lastError as ClipboardStatus['lastError'] };
}

function asSettings(value: unknown): ClipboardSettings {
  if (!isRecord(value) || typeof value['enabled'] !== 'boolean' || !Array.isArray(value['rules']) || !isRecord(value['defaults'])) {
    throw new BridgeError('internal', t('clipboard.unreadable'));
  }
  return value as unknown as ClipboardSettings;
}

/**
 * The clipboard watch of the current profile: its saved settings and its live state (pushed as
 * `clipboard:changed` whenever it changes: a copy shortened, paused from the tray…). Actions
 * reject with the BridgeError, so the settings card can put a refusal's issues on its fields.
 */
export const useClipboardStore = defineStore('clipboard', () => {
  const settings = shallowRef<ClipboardSettings | null>(null);
  const state = shallowRef<ClipboardStatus | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  const source = ref<'backend'>('backend');
  const profiles = useProfilesStore();
  let generation = 0;
  let pushes = 0;

  async function load(): Promise<void> {
    const mine = ++generation;
    const pushesBefore = pushes;
    if (status.value !== 'ready') status.value = 'loading';
    try {
      const [saved, live] = await Promise.all([call('clipboard:settings'), call('clipboard:state')]);
      if (mine !== generation) return;
      settings.value = asSettings(saved);
      // A push that landed while the read was in flight is newer than its answer.
      if (pushes === pushesBefore) state.value = asClipboardStatus(live);
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      if (mine !== generation) return;
      error.value = e;
      status.value = 'error';
    }
  }

  /** Saves and puts in force; answers the settings as the backend normalised them. */
  async function save(next: ClipboardSettings): Promise<ClipboardSettings> {
    const saved = asSettings(await call('clipboard:configure', next));
    settings.value = saved;
    return saved;
  }

  async function pause(paused: boolean): Promise<void> {
    const answer = asClipboardStatus(await call('clipboard:pause', { paused }));
    if (answer) state.value = answer;
    if (settings.value) settings.value = { ...settings.value, paused };
  }

  /** The local workspace's question: may the watch replace copied addresses with local-only links? */
  async function answerLocal(replace: boolean): Promise<void> {
    const answer = asClipboardStatus(await call('clipboard:local-answer', { replace }));
    if (answer) state.value = answer;
  }

  /** Rejects with the BridgeError; resolves with what happened, in words of the person's language. */
  async function undo(actionId: string, deleteLink: boolean): Promise<string> {
    const outcome = await call('clipboard:undo', { actionId, deleteLink });
    const words = isRecord(outcome) && typeof outcome['message'] === 'string' ? outcome['message'] : t('desktop.clipboard.undone');
    return isRecord(outcome) ? keptSentences(outcome['messageRefs'], words) : words;
  }

  onEvent('clipboard:changed', (payload) => {
    const next = asClipboardStatus(payload);
    if (!next) return;
    pushes++;
    state.value = next;
    // Paused or resumed elsewhere (the tray): the saved settings say so too.
    if (settings.value && settings.value.paused !== next.paused && next.profileId === profiles.currentId) {
      settings.value = { ...settings.value, paused: next.paused };
    }
  });

  watch(
    () => profiles.currentId,
    (now, before) => {
      if (now === before) return;
      generation++;
      settings.value = null;
      state.value = null;
      error.value = null;
      const wasLoaded = status.value !== 'idle';
      status.value = 'idle';
      if (now && wasLoaded) void load();
    },
  );

  return { settings, state, status, error, source, load, save, pause, answerLocal, undo };
});
