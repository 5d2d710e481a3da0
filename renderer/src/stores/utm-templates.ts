import { defineStore } from 'pinia';
import { ref } from 'vue';
import { BridgeError, call } from '../bridge.js';
import { isRecord } from '../composables/shape.js';
import { t } from '../i18n/index.js';
import { sameTemplateName } from '../../../electron/shared/utm-template-rules.js';
import type { UtmParams, UtmTemplate } from '../../../electron/shared/utm.js';
import type { LoadStatus } from './load-status.js';

/** Keeps only well-formed templates: the answer crosses the bridge and is not trusted. */
function asTemplates(value: unknown): UtmTemplate[] {
  if (!Array.isArray(value)) throw new BridgeError('internal', t('utm.unreadable'));
  return value.filter((tpl): tpl is UtmTemplate => isRecord(tpl) && typeof tpl['name'] === 'string' && isRecord(tpl['params']));
}

/**
 * The saved UTM templates. They are the person's, not a profile's: the same list in every profile,
 * so there is no reset on profile switch. Save and delete answer the whole new list.
 */
export const useUtmTemplatesStore = defineStore('utm-templates', () => {
  const items = ref<UtmTemplate[]>([]);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  let loading: Promise<void> | null = null;
  /** Bumped by every change: a read that started before one must not bring the old list back. */
  let changes = 0;

  async function read(): Promise<void> {
    if (status.value !== 'ready') status.value = 'loading';
    const before = changes;
    try {
      const list = asTemplates(await call('utm:templates'));
      if (before !== changes) return;
      items.value = list;
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      if (before !== changes) return;
      error.value = e;
      status.value = 'error';
    } finally {
      loading = null;
    }
  }

  /**
   * Reads the list (a local file, no API call): each picker reads it as it opens, so a template
   * saved in another window shows up; pickers opening together share one call.
   */
  function load(): Promise<void> {
    loading ??= read();
    return loading;
  }

  /** Saves (or replaces, same name in any case) a template. Rejects with the BridgeError for the form to show. */
  async function save(name: string, params: UtmParams): Promise<void> {
    const list = asTemplates(await call('utm:save-template', { name, params }));
    changes++;
    items.value = list;
    status.value = 'ready';
  }

  async function remove(name: string): Promise<void> {
    const list = asTemplates(await call('utm:delete-template', { name }));
    changes++;
    items.value = list;
    status.value = 'ready';
  }

  /** The template with this name, compared case-insensitively as the backend does. */
  const find = (name: string): UtmTemplate | undefined => items.value.find((tpl) => sameTemplateName(tpl.name, name));

  return { items, status, error, load, save, remove, find };
});
