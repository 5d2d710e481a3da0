import type { MenuItemConstructorOptions } from 'electron';
import type { Translate } from '../shared/i18n/translate.js';
import { desktopTranslator } from './desktop-language.js';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Reload and developer tools: only when running from source, never in a packaged app. */
  development: boolean;
  /** The "Open at Login" checkbox; absent where the app cannot do it. */
  openAtLogin?: { enabled: boolean; set: (enabled: boolean) => void };
  /** The words, in the app's language (English when not given). */
  t?: Translate;
}

type Role = NonNullable<MenuItemConstructorOptions['role']>;

const separator: MenuItemConstructorOptions = { type: 'separator' };

/**
 * Each role's label in the app's language. Electron's roles bring English labels only (written
 * in lib/browser/api/menu-item-roles.ts: 'Undo', 'Toggle Full Screen', `About ${app.name}`…),
 * whatever the OS's language; a label given with the role replaces that one and keeps the
 * role's action and standard shortcut.
 */
function roleLabels(t: Translate, appName: string, mac: boolean): Partial<Record<Role, string>> {
  return {
    about: mac ? t('desktop.menu.aboutApp', { app: appName }) : t('desktop.menu.about', { app: appName }),
    services: t('desktop.menu.services'),
    hide: t('desktop.menu.hide', { app: appName }),
    hideOthers: t('desktop.menu.hideOthers'),
    unhide: t('desktop.menu.showAll'),
    quit: t('desktop.menu.quit', { app: appName }),
    fileMenu: t('desktop.menu.file'),
    close: mac ? t('desktop.menu.closeWindow') : t('desktop.menu.close'),
    editMenu: t('desktop.menu.edit'),
    undo: t('desktop.menu.undo'),
    redo: t('desktop.menu.redo'),
    cut: t('desktop.menu.cut'),
    copy: t('desktop.menu.copy'),
    paste: t('desktop.menu.paste'),
    pasteAndMatchStyle: t('desktop.menu.pasteAndMatchStyle'),
    delete: t('desktop.menu.delete'),
    selectAll: t('desktop.menu.selectAll'),
    viewMenu: t('desktop.menu.view'),
    reload: t('desktop.menu.reload'),
    forceReload: t('desktop.menu.forceReload'),
    toggleDevTools: t('desktop.menu.toggleDevTools'),
    resetZoom: t('desktop.menu.resetZoom'),
    zoomIn: t('desktop.menu.zoomIn'),
    zoomOut: t('desktop.menu.zoomOut'),
    togglefullscreen: t('desktop.menu.toggleFullScreen'),
    windowMenu: t('desktop.menu.window'),
    minimize: t('desktop.menu.minimize'),
    zoom: t('desktop.menu.zoom'),
    front: t('desktop.menu.front'),
    help: t('desktop.menu.help'),
  };
}

/** Gives every role item of the template (submenus too) its label in the app's language. */
function labelled(items: MenuItemConstructorOptions[], labels: Partial<Record<Role, string>>): MenuItemConstructorOptions[] {
  return items.map((item) => {
    const label = item.role && item.label === undefined ? labels[item.role] : undefined;
    const submenu = Array.isArray(item.submenu) ? labelled(item.submenu, labels) : item.submenu;
    return { ...item, ...(label !== undefined ? { label } : {}), ...(submenu !== undefined ? { submenu } : {}) };
  });
}

/**
 * The application menu. Roles, so every item gets the platform's standard shortcut (⌘C /
 * Ctrl+C, ⌘Q / Ctrl+Q, ⌘W, zoom, full screen…) and does what the OS expects; their labels in the
 * app's language (roleLabels). On macOS the first menu is the app's own (About, Services, Hide, Quit).
 */
export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const t = options.t ?? desktopTranslator('en');
  const loginItem: MenuItemConstructorOptions[] = options.openAtLogin
    ? [
        {
          id: 'open-at-login',
          label: t('desktop.menu.openAtLogin'),
          type: 'checkbox',
          checked: options.openAtLogin.enabled,
          // Electron has already flipped `checked` when click runs.
          click: (item) => options.openAtLogin?.set(item.checked),
        },
      ]
    : [];

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      separator,
      ...(loginItem.length ? [...loginItem, separator] : []),
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
  const fileMenu: MenuItemConstructorOptions = {
    role: 'fileMenu',
    submenu: mac
      ? [{ role: 'close' }]
      : [...(loginItem.length ? [...loginItem, separator] : []), { role: 'quit' }],
  };
  const editMenu: MenuItemConstructorOptions = {
    role: 'editMenu',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };
  const viewMenu: MenuItemConstructorOptions = {
    role: 'viewMenu',
    submenu: [
      ...(options.development
        ? [
            { role: 'reload' } as const,
            { role: 'forceReload' } as const,
            { role: 'toggleDevTools' } as const,
            separator,
          ]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    submenu: mac ? [] : [{ role: 'about' }],
  };
  return labelled([...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu], roleLabels(t, options.appName, mac));
}
