import type { MenuItemConstructorOptions } from 'electron';
import type { NotificationRecord } from './notifier.js';

/**
 * Hooks for the Electron smoke test (tests/e2e-electron), installed only when the app runs from
 * source with LINKDECK_TEST_HOOKS=1. A tray menu cannot be opened by a test driver: the hook
 * reads and clicks the menu Linkdeck last built instead. Pure, no Electron import.
 */
export interface MenuItemSnapshot {
  id: string | null;
  label: string;
  enabled: boolean;
  checked: boolean | null;
  submenu: MenuItemSnapshot[] | null;
}

export interface LinkdeckTestHooks {
  trayMenu(): MenuItemSnapshot[];
  /** Clicks a tray menu item by id; false when there is none (or it is disabled). */
  clickTrayItem(id: string): boolean;
  openQuickShorten(url?: string): void;
  quickWindowUrl(): string | null;
  /** What became of each notification Linkdeck showed, oldest first. */
  notifications(): NotificationRecord[];
}

export const TEST_HOOKS_KEY = '__linkdeckTest';

export function testHooksEnabled(env: NodeJS.ProcessEnv, isPackaged: boolean): boolean {
  return !isPackaged && env['LINKDECK_TEST_HOOKS'] === '1';
}

export function menuSnapshot(template: readonly MenuItemConstructorOptions[]): MenuItemSnapshot[] {
  return template
    .filter((item) => item.type !== 'separator')
    .map((item) => ({
      id: item.id ?? null,
      label: item.label ?? '',
      enabled: item.enabled !== false,
      checked: item.type === 'radio' || item.type === 'checkbox' ? item.checked === true : null,
      submenu: Array.isArray(item.submenu) ? menuSnapshot(item.submenu) : null,
    }));
}

export function findMenuItem(template: readonly MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions | null {
  for (const item of template) {
    if (item.id === id) return item;
    if (Array.isArray(item.submenu)) {
      const inner = findMenuItem(item.submenu, id);
      if (inner) return inner;
    }
  }
  return null;
}

/** Runs an item's click as Electron would (the handlers here ignore Electron's arguments). */
export function clickMenuItem(template: readonly MenuItemConstructorOptions[], id: string): boolean {
  const item = findMenuItem(template, id);
  if (!item || item.enabled === false || !item.click) return false;
  (item.click as (...args: unknown[]) => void)(item, undefined, {});
  return true;
}

export function installTestHooks(hooks: LinkdeckTestHooks): void {
  (globalThis as Record<string, unknown>)[TEST_HOOKS_KEY] = hooks;
}
