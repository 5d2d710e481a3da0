import type { BackendContext } from '../backend-context.js';
import { exportLinks, exportStats } from '../export/index.js';
import type { Handlers } from '../router.js';

type ExportChannel = Extract<keyof Handlers, `export:${string}`>;

/**
 * Exports from the current profile's mirror: no request to the service, so they work offline
 * and cost no rate budget. The file's content goes back to the renderer, which saves it.
 */
export function exportHandlers(context: BackendContext): Pick<Handlers, ExportChannel> {
  const mirror = () => context.sessions.current().workspace.data.mirror;
  return {
    'export:links': async ({ format, query }) => exportLinks(mirror(), format, query ?? {}),
    'export:stats': async ({ id }) => exportStats(mirror(), id),
  };
}
