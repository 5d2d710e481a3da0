import type { MenuItemConstructorOptions } from 'electron';
import type { Backend } from '../backend/backend.js';
import type { ProfilesState } from '../shared/contract.js';
import type { ClipboardStatus } from '../shared/desktop.js';
import type { MirrorLinkPage } from '../shared/models.js';
import { reachNoticeRef, shortLinksLoopbackOnly } from '../shared/local-reach.js';
import { shownProfileName } from '../shared/local-workspace-name.js';
import { desktopTranslator } from './desktop-language.js';
import type { Translate } from '../shared/i18n/translate.js';
import { TRAY_RECENT_LINKS, trayMenuTemplate, trayTooltip, type TrayActions, type TrayModel } from './tray-menu.js';

export interface TrayControllerDeps {
  backend: Pick<Backend, 'router' | 'subscribe'>;
  /** Shows a menu (Electron: Menu.buildFromTemplate + tray.setContextMenu). */
  render(template: MenuItemConstructorOptions[], tooltip: string): void;
  /** The registered hotkey's accelerator, or null. */
  hotkey(): string | null;
  quickShorten(): void;
  openWindow(): void;
  quit(): void;
  /** Notices the OS refused while no window was open (held-notices.ts); none when absent. */
  missed?(): readonly { title: string; body: string }[];
  openMissed?(index: number): void;
  clearMissed?(): void;
  /** The menu's words in the app's language now (English when absent). */
  translate?: () => Translate;
  /** Rebuilds at most once per this many ms (pushes come in bursts during a sync). */
  throttleMs?: number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  log?: (message: string) => void;
}

const touchesLinks = (payload: unknown): boolean => {
  const topics = (payload as { topics?: unknown } | null)?.topics;
  return !Array.isArray(topics) || topics.includes('links');
};

/** The events after which the menu may show something else. */
const REBUILD_ON = new Set(['profiles:changed', 'clipboard:changed', 'mirror:changed', 'desktop:changed', 'language:changed']);

/**
 * Keeps the tray menu current: reads the profiles, the newest links and the clipboard watch
 * through the router (the same contract the renderer uses) and rebuilds, throttled, when the
 * backend pushes a change. Menu clicks go back through the router too.
 */
export class TrayController {
  private timer: unknown = null;
  private last = -Infinity;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly unsubscribe: () => void;
  private readonly throttleMs: number;
  private readonly set: (callback: () => void, ms: number) => unknown;
  private readonly clear: (handle: unknown) => void;
  private readonly log: (message: string) => void;
  /** The menu shown last (read by the Electron smoke test through its hook). */
  template: MenuItemConstructorOptions[] = [];

  constructor(private readonly deps: TrayControllerDeps) {
    this.throttleMs = deps.throttleMs ?? 500;
    this.set = deps.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
    this.clear = deps.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.log = deps.log ?? (() => {});
    this.unsubscribe = deps.backend.subscribe((event, payload) => {
      if (!REBUILD_ON.has(event)) return;
      // A sync touches many topics; only the links change what the tray lists.
      if (event === 'mirror:changed' && !touchesLinks(payload)) return;
      this.schedule();
    });
  }

  /** Rebuilds soon: now when the last rebuild is old enough, else once the throttle allows. */
  schedule(): void {
    if (this.stopped || this.timer !== null) return;
    const wait = Math.max(0, this.last + this.throttleMs - Date.now());
    this.timer = this.set(() => {
      this.timer = null;
      void this.rebuild();
    }, wait);
  }

  /** Reads everything again and renders. Concurrent calls coalesce into one more run. */
  rebuild(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.last = Date.now();
    this.running = this.build()
      .catch((error: unknown) => this.log(`[tray] could not rebuild the menu: ${(error as Error).message}`))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.schedule();
        }
      });
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer !== null) this.clear(this.timer);
    this.timer = null;
  }

  private async call<T>(channel: string, arg?: unknown): Promise<T | null> {
    const answer = await this.deps.backend.router.dispatch(channel, arg);
    return answer.ok ? (answer.value as T) : null;
  }

  private async build(): Promise<void> {
    const profiles = await this.call<ProfilesState>('profiles:list');
    const current = profiles?.profiles.find((p) => p.id === profiles.currentId) ?? null;
    const [page, clipboard] = current
      ? await Promise.all([
          this.call<MirrorLinkPage>('links:list', { sort: 'date', direction: 'desc', offset: 0, limit: TRAY_RECENT_LINKS }),
          this.call<ClipboardStatus>('clipboard:state'),
        ])
      : [null, await this.call<ClipboardStatus>('clipboard:state')];
    const t = this.deps.translate?.();
    // The never-renamed local workspace by its name in the menu's language.
    const name = (profile: { kind: string; name: string }) => shownProfileName(profile, t ?? desktopTranslator('en'));
    const model: TrayModel = {
      profileName: current ? name(current) : null,
      loopbackOnly: shortLinksLoopbackOnly(current),
      reachNote: reachNoticeRef(current),
      profiles: (profiles?.profiles ?? []).map((p) => ({ id: p.id, name: name(p) })),
      currentProfileId: profiles?.currentId ?? null,
      recent: (page?.items ?? []).map(({ id, shortUrl, title, longUrl, provisional }) => ({ id, shortUrl, title, longUrl, provisional })),
      clipboard,
      hotkey: this.deps.hotkey(),
      missed: (this.deps.missed?.() ?? []).map(({ title, body }) => ({ title, body })),
    };
    if (this.stopped) return;
    this.template = trayMenuTemplate(model, this.actions, t);
    this.deps.render(this.template, trayTooltip(model, t));
  }

  private readonly actions: TrayActions = {
    copy: (shortUrl) => void this.run('clipboard:write', { text: shortUrl }),
    quickShorten: () => this.deps.quickShorten(),
    setClipboardPaused: (paused) => void this.run('clipboard:pause', { paused }).then(() => this.rebuild()),
    openWindow: () => this.deps.openWindow(),
    switchProfile: (id) => void this.run('profiles:switch', { id }),
    quit: () => this.deps.quit(),
    openMissed: (index) => this.deps.openMissed?.(index),
    clearMissed: () => this.deps.clearMissed?.(),
  };

  private async run(channel: string, arg: unknown): Promise<void> {
    const answer = await this.deps.backend.router.dispatch(channel, arg);
    if (!answer.ok) this.log(`[tray] ${channel} failed: ${answer.error.message}`);
  }
}
