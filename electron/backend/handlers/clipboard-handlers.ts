import type { BackendContext } from '../backend-context.js';
import { createClipboardApp, type ClipboardAppOptions } from '../clipboard/clipboard-app.js';
import type { Handlers } from '../router.js';

type ClipboardChannel = Extract<keyof Handlers, `clipboard:${string}`>;

/**
 * The clipboard watch's channels. One watch for the app follows the current profile; it runs
 * only where the shell gives the OS clipboard (`context.desktop`), and stops with the backend.
 */
export function clipboardHandlers(context: BackendContext, options: ClipboardAppOptions = {}): Pick<Handlers, ClipboardChannel> {
  const app = createClipboardApp(context, options);
  context.onClose(() => app.close());

  return {
    'clipboard:state': async () => {
      await app.ready();
      return app.status();
    },
    'clipboard:settings': () => app.settings(),
    'clipboard:configure': (settings) => app.configure(settings),
    'clipboard:pause': ({ paused }) => app.pause(paused),
    'clipboard:undo': ({ actionId, deleteLink }) => app.undo(actionId, deleteLink === true),
    'clipboard:local-answer': ({ replace }) => app.answerLocal(replace),
    'clipboard:read-url': async () => app.readUrl(),
    'clipboard:write': async ({ text }) => app.write(text),
  };
}
