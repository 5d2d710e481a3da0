import type { BackendContext } from '../backend-context.js';
import type { Handlers } from '../router.js';
import { createUtmTemplateStore } from '../utm/template-store.js';

type UtmChannel = Extract<keyof Handlers, `utm:${string}`>;

/**
 * Saved UTM templates: the person's, shared by every profile (and by the editor and the clipboard
 * rules), kept in the app's data directory. They cost no API call.
 */
export function utmHandlers(context: BackendContext): Pick<Handlers, UtmChannel> {
  const store = createUtmTemplateStore(context.dataDir, context.log);
  return {
    'utm:templates': () => store.list(),
    'utm:save-template': ({ name, params }) => store.save(name, params),
    'utm:delete-template': ({ name }) => store.remove(name),
  };
}
