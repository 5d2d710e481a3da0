import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { call, onEvent } from '../bridge.js';
import { asProfilesState } from '../composables/shape.js';
import type { KeychainStatus, ProfileSummary, ProfilesState } from '../../../electron/shared/contract.js';
import { t } from '../i18n/index.js';
import { shortLinkReach, shortLinksLoopbackOnly, type PublicAddressCheck } from '../../../electron/shared/local-reach.js';
import { hasDefaultLocalName, shownProfileName } from '../../../electron/shared/local-workspace-name.js';
import type { LoadStatus } from './load-status.js';

export interface ConnectInput {
  name: string;
  baseUrl: string;
  apiKey: string;
}

/**
 * The profiles, the current one and where keys are kept. Actions reject with the BridgeError so
 * the form that started them can show it next to its fields; `error` is only about loading.
 */
/** A profile as shown (the never-renamed local workspace's name in the person's language). */
function shown(profile: ProfileSummary): ProfileSummary {
  return hasDefaultLocalName(profile) ? { ...profile, name: shownProfileName(profile, t) } : profile;
}

export const useProfilesStore = defineStore('profiles', () => {
  /** The profiles as the backend keeps them. */
  const stored = ref<ProfileSummary[]>([]);
  /**
   * The profiles as shown: the local workspace never renamed is called by its name in the
   * person's language (local-workspace-name.ts), following a language switch.
   */
  const items = computed(() => stored.value.map(shown));
  const currentId = ref<string | null>(null);
  const keychain = ref<KeychainStatus | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);

  const current = computed(() => items.value.find((p) => p.id === currentId.value) ?? null);
  const hasLocal = computed(() => items.value.some((p) => p.kind === 'local'));
  const local = computed(() => items.value.find((p) => p.kind === 'local') ?? null);
  /** The current profile's short links open only on this computer (local workspace, no public address). */
  const loopbackOnly = computed(() => shortLinksLoopbackOnly(current.value));
  /** Where the current profile's short links open (an unverified public address is not "anywhere"). */
  const reach = computed(() => shortLinkReach(current.value));
  /** The one line to put beside a short link that is copied, shortened or made a QR code; null when none is needed. */
  const reachNote = computed(() => (reach.value === 'this-computer' ? t('workspace.localOnly.short') : reach.value === 'unverified' ? t('workspace.unverified.short') : null));
  /** Two words for a list row's short link, with reachNote as its explanation. */
  const reachLabel = computed(() => (reach.value === 'this-computer' ? t('workspace.mark.thisComputer') : reach.value === 'unverified' ? t('workspace.publicAddress.notVerified') : null));
  /** The words drawn under a QR code of such a link (null when none are needed). */
  const reachCaption = computed(() => (reach.value === 'this-computer' ? t('workspace.caption.thisComputer') : reach.value === 'unverified' ? t('workspace.caption.unverified') : null));
  /** The local workspace's port was taken at its start: it waits for the user's choice. */
  const localPortTaken = ref<number | null>(null);

  function apply(state: ProfilesState): void {
    stored.value = state.profiles;
    currentId.value = state.currentId;
    keychain.value = state.keychain;
    localPortTaken.value = state.localPortTaken ?? null;
    status.value = 'ready';
    error.value = null;
  }

  async function load(): Promise<void> {
    if (status.value !== 'ready') status.value = 'loading';
    try {
      apply(asProfilesState(await call('profiles:list')));
    } catch (e) {
      error.value = e;
      status.value = 'error';
    }
  }

  /** Reloads after an action; the push event usually gets there first, this makes sure. */
  const refresh = () => load();

  async function useLocal(): Promise<ProfileSummary> {
    const profile = await call('profiles:use-local');
    await refresh();
    return shown(profile);
  }

  /** The key goes straight to the backend: it is neither kept here nor in any reactive state. */
  async function connect(input: ConnectInput): Promise<ProfileSummary> {
    const profile = await call('profiles:connect', { name: input.name, baseUrl: input.baseUrl, apiKey: input.apiKey });
    await refresh();
    return shown(profile);
  }

  /** For a profile whose key did not survive a restart (no keychain): checked, then kept. */
  async function setKey(id: string, apiKey: string): Promise<ProfileSummary> {
    const profile = await call('profiles:set-key', { id, apiKey });
    await refresh();
    return shown(profile);
  }

  async function switchTo(id: string): Promise<ProfileSummary> {
    const profile = await call('profiles:switch', { id });
    await refresh();
    return shown(profile);
  }

  async function rename(id: string, name: string): Promise<ProfileSummary> {
    // The local workspace "renamed" to the translated name it already shows keeps its default,
    // so it goes on following the language (rather than being pinned to this one).
    const before = stored.value.find((p) => p.id === id);
    if (before && hasDefaultLocalName(before) && name.trim() === shown(before).name) return shown(before);
    const profile = await call('profiles:rename', { id, name });
    await refresh();
    return shown(profile);
  }

  /** After a taken port: the same port again (`move: false`) or a free one. */
  async function restartLocal(move: boolean): Promise<ProfileSummary> {
    const profile = await call('profiles:restart-local', { move });
    await refresh();
    return shown(profile);
  }

  /** Whether the address reaches this workspace; the words say what failed. */
  function checkPublicUrl(address: string): Promise<PublicAddressCheck> {
    return call('profiles:check-public-url', { address });
  }

  /** Saves (or, with null, removes) the local workspace's public address. */
  async function setPublicUrl(address: string | null, trustProxy?: boolean): Promise<{ profile: ProfileSummary; check: PublicAddressCheck | null }> {
    const result = await call('profiles:set-public-url', { address, ...(trustProxy === undefined ? {} : { trustProxy }) });
    await refresh();
    return result;
  }

  async function remove(id: string): Promise<void> {
    apply(asProfilesState(await call('profiles:remove', { id })));
  }

  onEvent('profiles:changed', (payload) => apply(asProfilesState(payload)));

  return { items, currentId, keychain, status, error, current, hasLocal, local, loopbackOnly, reach, reachNote, reachLabel, reachCaption, localPortTaken, restartLocal, checkPublicUrl, setPublicUrl, load, useLocal, connect, setKey, switchTo, rename, remove };
});
