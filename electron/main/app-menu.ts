import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Reload and developer tools: only when running from source, never in a packaged app. */
  development: boolean;
  /** The "Open at Login" checkbox; absent where the app cannot do it. */
  openAtLogin?: { enabled: boolean; set: (enabled: boolean) => void };
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/**
 * The application menu. Only roles, so every item gets the platform's own label and standard
 * shortcut (⌘C / Ctrl+C, ⌘Q / Ctrl+Q, ⌘W, zoom, full screen…) and does what the OS expects.
 * On macOS the first menu is the app's own (About, Services, Hide, Quit).
 */
export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const loginItem: MenuItemConstructorOptions[] = options.openAtLogin
    ? [
        {
          id: 'open-at-login',
          label: 'Open at Login',
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
  return [...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
