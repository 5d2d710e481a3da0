import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate, type AppMenuOptions } from '../../../electron/main/app-menu.js';

const base: AppMenuOptions = { platform: 'linux', appName: 'Linkdeck', development: false };

const submenu = (item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] =>
  Array.isArray(item?.submenu) ? item.submenu : [];
const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => (item.role ? [item.role] : []));
const menu = (template: MenuItemConstructorOptions[], role: string) =>
  template.find((item) => item.role === role);
const allItems = (template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  template.flatMap((item) => [item, ...allItems(submenu(item))]);

describe('the application menu', () => {
  it('starts on macOS with the app menu: about, services, hide, quit', () => {
    const template = appMenuTemplate({ ...base, platform: 'darwin' });
    expect(template[0]?.label).toBe('Linkdeck');
    expect(roles(submenu(template[0]))).toEqual([
      'about',
      'services',
      'hide',
      'hideOthers',
      'unhide',
      'quit',
    ]);
    expect(roles(submenu(menu(template, 'windowMenu')))).toEqual(['minimize', 'zoom', 'front']);
    expect(roles(submenu(menu(template, 'fileMenu')))).toEqual(['close']);
    expect(roles(submenu(menu(template, 'editMenu')))).toContain('pasteAndMatchStyle');
  });

  it('has no app menu elsewhere: quit is in File, about in Help', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const template = appMenuTemplate({ ...base, platform });
      expect(roles(template)).toEqual(['fileMenu', 'editMenu', 'viewMenu', 'windowMenu', 'help']);
      expect(roles(submenu(menu(template, 'fileMenu')))).toEqual(['quit']);
      expect(roles(submenu(menu(template, 'help')))).toEqual(['about']);
      expect(roles(submenu(menu(template, 'windowMenu')))).toEqual(['minimize', 'close']);
    }
  });

  it('gives every platform the standard edit and view shortcuts through roles', () => {
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      const template = appMenuTemplate({ ...base, platform });
      expect(roles(submenu(menu(template, 'editMenu')))).toEqual(
        expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll']),
      );
      expect(roles(submenu(menu(template, 'viewMenu')))).toEqual([
        'resetZoom',
        'zoomIn',
        'zoomOut',
        'togglefullscreen',
      ]);
      // Only roles and the one checkbox: no hand-made accelerators to collide with the OS.
      expect(allItems(template).filter((item) => item.accelerator)).toEqual([]);
    }
  });

  it('offers reload and developer tools only when running from source', () => {
    const dev = appMenuTemplate({ ...base, development: true });
    expect(roles(submenu(menu(dev, 'viewMenu')))).toEqual(
      expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']),
    );
    const packaged = allItems(appMenuTemplate(base)).map((item) => item.role);
    expect(packaged).not.toContain('toggleDevTools');
    expect(packaged).not.toContain('reload');
  });

  it('shows "Open at Login" as a checkbox that reports the new state', () => {
    const set = vi.fn();
    for (const platform of ['darwin', 'linux'] as const) {
      const template = appMenuTemplate({ ...base, platform, openAtLogin: { enabled: true, set } });
      const item = allItems(template).find((i) => i.id === 'open-at-login');
      expect(item).toMatchObject({ type: 'checkbox', checked: true, label: 'Open at Login' });
      const click = item?.click as unknown as (menuItem: { checked: boolean }) => void;
      click({ checked: false });
      expect(set).toHaveBeenLastCalledWith(false);
    }
    // On macOS in the app menu, elsewhere in File.
    const mac = appMenuTemplate({
      ...base,
      platform: 'darwin',
      openAtLogin: { enabled: false, set },
    });
    expect(submenu(mac[0]).some((i) => i.id === 'open-at-login')).toBe(true);
    const linux = appMenuTemplate({ ...base, openAtLogin: { enabled: false, set } });
    expect(submenu(menu(linux, 'fileMenu')).some((i) => i.id === 'open-at-login')).toBe(true);
    expect(allItems(appMenuTemplate(base)).some((i) => i.id === 'open-at-login')).toBe(false);
  });
});
