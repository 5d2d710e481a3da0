/**
 * The saved UTM templates: read once from disk, then kept in memory; every change is checked
 * against the rules (utm-template-rules.ts) and written before it is answered. Changes run one at
 * a time so two quick saves cannot both start from the same list and lose one of them.
 */
import { msg } from '../../shared/message-ref.js';
import { AppError } from '../app-error.js';
import { cleanTemplate, sameTemplateName, sortTemplates, validateTemplate } from '../../shared/utm-template-rules.js';
import type { UtmParams, UtmTemplate } from '../../shared/utm.js';
import { readUtmTemplates, writeUtmTemplates } from './templates-file.js';

export interface UtmTemplateStore {
  /** Every template, sorted by name. */
  list(): Promise<UtmTemplate[]>;
  /** Adds a template, or replaces the one of the same name (in any case); answers the new list. */
  save(name: string, params: UtmParams): Promise<UtmTemplate[]>;
  /** Removes the template of that name (in any case); a name not saved changes nothing. Answers the new list. */
  remove(name: string): Promise<UtmTemplate[]>;
}

const copy = (list: readonly UtmTemplate[]): UtmTemplate[] => list.map((t) => ({ name: t.name, params: { ...t.params } }));

export function createUtmTemplateStore(dataDir: string, log: (message: string) => void): UtmTemplateStore {
  let loaded: Promise<UtmTemplate[]> | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  const current = (): Promise<UtmTemplate[]> => {
    loaded ??= readUtmTemplates(dataDir, log);
    return loaded;
  };

  /** Runs changes in order; a failed one does not stop the next. */
  function serial<T>(change: () => Promise<T>): Promise<T> {
    const run = chain.then(change, change);
    chain = run.catch(() => undefined);
    return run;
  }

  async function commit(next: UtmTemplate[]): Promise<UtmTemplate[]> {
    const sorted = sortTemplates(next);
    try {
      await writeUtmTemplates(dataDir, sorted);
    } catch (error) {
      log(`[utm] the UTM templates could not be saved: ${(error as Error).message}`);
      throw AppError.keyed('internal', msg('errors.utm.notWritten'));
    }
    loaded = Promise.resolve(sorted);
    return copy(sorted);
  }

  return {
    list: async () => copy(await current()),

    save: (name, params) =>
      serial(async () => {
        const list = await current();
        const issues = validateTemplate(name, params, list);
        if (issues.length > 0) {
          const head = issues[0];
          const details = {
            issues: issues.map((i) => ({
              path: i.field === 'name' || i.field === 'params' ? [i.field] : ['params', i.field],
              message: i.message,
              ...(i.key ? { key: i.key, ...(i.params ? { params: i.params } : {}) } : {}),
            })),
          };
          // The first issue is the error's sentence: keyed when the rule is (a UTM field's own words stay English).
          if (head?.key) throw AppError.keyed('invalid-input', msg(head.key, head.params), details);
          if (!head) throw AppError.keyed('invalid-input', msg('errors.utm.notValid'), details);
          throw new AppError({ code: 'invalid-input', message: head.message, details });
        }
        const template = cleanTemplate(name, params);
        return commit([...list.filter((t) => !sameTemplateName(t.name, template.name)), template]);
      }),

    remove: (name) =>
      serial(async () => {
        const list = await current();
        const rest = list.filter((t) => !sameTemplateName(t.name, name));
        // Already gone (another window deleted it): the person's wish holds, nothing to write.
        return rest.length === list.length ? copy(list) : commit(rest);
      }),
  };
}
