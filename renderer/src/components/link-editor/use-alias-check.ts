/**
 * The link editor's custom-alias check: after typing pauses, the alias is looked up in the mirror
 * (on the chosen domain), so "already used by …" shows next to the field before anything is sent.
 * Only the newest look-up counts; a failed look-up says nothing (the service still refuses a taken
 * alias, in its own words).
 */
import { computed, onBeforeUnmount, ref, watch, type ComputedRef, type Ref } from 'vue';
import { t } from '../../i18n/index.js';
import type { MirrorLink } from '../../../../electron/shared/models.js';
import { aliasTakenBy } from './editor-calls.js';
import type { LinkForm } from './link-form.js';

export interface AliasCheckOptions {
  form: Ref<LinkForm>;
  /** The form as it opened: editing, the link's own alias is not "taken". */
  start: Ref<LinkForm>;
  isEdit: ComputedRef<boolean>;
  linkId: () => number | null;
  /** The branded domains, with their schemes. */
  domains: () => string[];
  /** The alias's own message (its format), when it has one: no look-up then. */
  formatMessage: () => string | undefined;
  /** Look-ups run while the person is editing. */
  editing: () => boolean;
  delayMs: () => number;
}

export function useAliasCheck(o: AliasCheckOptions) {
  const check = ref<{ alias: string; domain: string; takenBy: MirrorLink | null } | null>(null);
  const checking = ref(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  const changed = computed(() => {
    const alias = o.form.value.custom.trim();
    return alias !== '' && !(o.isEdit.value && alias === o.start.value.custom.trim());
  });

  const message = computed((): string | null => {
    const c = check.value;
    const alias = o.form.value.custom.trim();
    if (!c || !c.takenBy || c.alias !== alias || c.domain !== o.form.value.domain) return null;
    return t('linkEditor.aliasTaken', { alias, url: c.takenBy.shortUrl });
  });

  async function run(): Promise<void> {
    clearTimeout(timer);
    const alias = o.form.value.custom.trim();
    const domain = o.form.value.domain;
    if (!changed.value || o.formatMessage()) {
      check.value = null;
      return;
    }
    if (check.value && check.value.alias === alias && check.value.domain === domain) return;
    const mine = ++generation;
    checking.value = true;
    try {
      const takenBy = await aliasTakenBy(alias, domain, o.domains(), o.linkId());
      if (mine === generation) check.value = { alias, domain, takenBy };
    } catch {
      if (mine === generation) check.value = null;
    } finally {
      if (mine === generation) checking.value = false;
    }
  }

  watch(
    () => [o.form.value.custom, o.form.value.domain] as const,
    () => {
      clearTimeout(timer);
      if (!o.editing() || !changed.value) return;
      timer = setTimeout(() => void run(), o.delayMs());
    },
  );
  onBeforeUnmount(() => clearTimeout(timer));

  return { checking, message, run };
}
