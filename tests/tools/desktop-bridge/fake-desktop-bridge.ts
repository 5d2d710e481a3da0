/**
 * The desktop app's window.linkdeck, faked for the docs' pictures: the real renderer drawn in
 * Chromium as the Electron window would show it, where no Electron binary can run.
 *
 * It is installed by a Playwright init script (init-script.ts) before any page script runs. The
 * web shell's own bridge script then defines window.linkdeck as usual (Object.defineProperty on
 * window, electron/web/bridge-script.ts); the fake takes that definition's value, keeps every
 * channel of it (so everything not desktop-only reaches the real backend through the web shell)
 * and answers the few channels whose answer differs between the Electron preload and the web
 * shell the way the desktop shell does: the desktop settings (tray, hotkey, login item), the
 * clipboard (the watch is available, the OS clipboard holds a given URL) and app:info's shell.
 *
 * This file runs in the page: it may import types only (erased when init-script.ts transpiles
 * it), and it must be one self-contained function.
 */
import type { AppInfo, ChannelArg, ChannelName, ChannelValue, EventName, LinkdeckBridge, LinkdeckEvents, Result } from '../../../electron/shared/contract.js';
import type { ClipboardStatus, DesktopNotice, DesktopSettings } from '../../../electron/shared/desktop.js';

/** What the fake desktop holds at the start. */
export interface FakeDesktopConfig {
  /** What desktop:settings answers first (the desktop shell's settings port in the real app). */
  settings: DesktopSettings;
  /** The text on the OS clipboard (clipboard:read-url answers it when it is one web address). */
  clipboardText: string;
  /** app:info's platform (the hotkey's words follow it: Ctrl on Linux and Windows, Cmd on macOS). */
  platform: string;
}

/** What the picture tool may do to the fake desktop from outside the page (window.__linkdeckDesktop). */
export interface FakeDesktopControl {
  /** Pushes a notification the OS would not show, as the main process does (`desktop:notice`). */
  notice(notice: DesktopNotice): void;
  /** What Linkdeck put on the OS clipboard last. */
  clipboard(): string;
}

/** The channels the fake answers itself; every other one goes to the web shell's bridge. */
export type DesktopChannels = {
  [C in ChannelName]?: (web: LinkdeckBridge, arg: ChannelArg<C>) => Promise<Result<ChannelValue<C>>>;
};

/**
 * The clipboard watch as the desktop shell reports it, from the web shell's answer (which says
 * the watch cannot run in a browser): available, watching when it is on and not paused.
 */
export function desktopClipboardStatus(status: ClipboardStatus): ClipboardStatus {
  const { reason: _reason, limit: _limit, ...rest } = status;
  const state = !rest.enabled ? 'off' : rest.paused ? 'paused' : rest.status === 'working' ? 'working' : 'watching';
  return { ...rest, available: true, status: state };
}

/**
 * Installs the fake in `target` (the page's global): the next definition of its `linkdeck` (the
 * web shell's bridge script) is wrapped, and `__linkdeckDesktop` lets the tool act as the OS.
 */
export function installDesktopBridge(config: FakeDesktopConfig, target: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): void {
  let settings: DesktopSettings = { ...config.settings };
  let clipboardText = config.clipboardText;
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const emit = <E extends EventName>(event: E, payload: LinkdeckEvents[E]): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
  };
  const ok = <T>(value: T): Result<T> => ({ ok: true, value });

  const onDesktop = desktopClipboardStatus;
  const mapped = async <T>(answer: Promise<Result<T>>, map: (value: T) => T): Promise<Result<T>> => {
    const result = await answer;
    return result.ok ? ok(map(result.value)) : result;
  };

  const desktop: DesktopChannels = {
    'app:info': (web) => mapped(web['app:info'](undefined), (info: AppInfo) => ({ ...info, shell: 'electron', platform: config.platform })),
    'desktop:settings': async () => ok({ ...settings }),
    'desktop:configure': async (_web, patch) => {
      settings = { ...settings, ...patch, hotkeyRegistered: patch.hotkey === undefined ? settings.hotkeyRegistered : patch.hotkey !== '' };
      emit('desktop:changed', { ...settings });
      return ok({ ...settings });
    },
    'clipboard:state': (web) => mapped(web['clipboard:state'](undefined), onDesktop),
    'clipboard:pause': (web, arg) => mapped(web['clipboard:pause'](arg), onDesktop),
    'clipboard:local-answer': (web, arg) => mapped(web['clipboard:local-answer'](arg), onDesktop),
    'clipboard:read-url': async () => {
      const text = clipboardText.trim();
      return ok({ url: /^https?:\/\/\S+$/.test(text) ? text : null });
    },
    'clipboard:write': async (_web, { text }) => {
      clipboardText = text;
      return ok(undefined);
    },
  };

  const wrap = (web: LinkdeckBridge): LinkdeckBridge => {
    const bridge: Record<string, unknown> = {};
    for (const key of Object.keys(web)) {
      if (key === 'on') continue;
      const own = desktop[key as ChannelName] as ((w: LinkdeckBridge, arg: unknown) => Promise<unknown>) | undefined;
      const forward = web[key as ChannelName] as (arg: unknown) => Promise<unknown>;
      bridge[key] = own ? (arg?: unknown) => own(web, arg) : (arg?: unknown) => forward(arg);
    }
    bridge['on'] = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
      // The web shell's pushes of the watch's state are shown as the desktop shell would send them.
      const fromWeb = web.on(event, (payload: unknown) => listener(event === 'clipboard:changed' ? onDesktop(payload as ClipboardStatus) : payload));
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => {
        fromWeb();
        set.delete(listener);
      };
    };
    return Object.freeze(bridge) as LinkdeckBridge;
  };

  const control: FakeDesktopControl = {
    notice: (notice) => emit('desktop:notice', notice),
    clipboard: () => clipboardText,
  };
  target['__linkdeckDesktop'] = control;

  // The web shell's bridge script ends with Object.defineProperty(window, 'linkdeck', {value}):
  // that one call is given the desktop bridge instead, then defineProperty is itself again.
  const objectCtor = target['Object'] as ObjectConstructor;
  const define = objectCtor.defineProperty;
  objectCtor.defineProperty = function <T>(object: T, key: PropertyKey, descriptor: PropertyDescriptor & ThisType<unknown>): T {
    if (object === (target as unknown) && key === 'linkdeck' && descriptor.value) {
      objectCtor.defineProperty = define;
      return define(object, key, { ...descriptor, value: wrap(descriptor.value as LinkdeckBridge) });
    }
    return define(object, key, descriptor);
  };
}
