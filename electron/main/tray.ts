import { Menu, nativeImage, Tray, type NativeImage } from 'electron';
import type { Backend } from '../backend/backend.js';
import { TrayController, type TrayControllerDeps } from './tray-controller.js';
import { TRAY_ICON } from './tray-icon-data.js';

export interface AppTray {
  controller: TrayController;
  alive(): boolean;
  destroy(): void;
}

/** The tray image: a template image on macOS (tinted for the menu bar), the app's colours elsewhere. */
function trayImage(): NativeImage {
  const mac = process.platform === 'darwin';
  const image = nativeImage.createFromDataURL(mac ? TRAY_ICON.template : TRAY_ICON.color);
  image.addRepresentation({ scaleFactor: 2, dataURL: mac ? TRAY_ICON.template2x : TRAY_ICON.color2x });
  if (mac) image.setTemplateImage(true);
  return image;
}

export interface AppTrayOptions {
  backend: Backend;
  hotkey(): string | null;
  quickShorten(): void;
  openWindow(): void;
  quit(): void;
  /** Notices the OS refused while no window was open, for the menu (tray-controller.ts). */
  missed?: Pick<TrayControllerDeps, 'missed' | 'openMissed' | 'clearMissed'>;
  /** The menu's words in the app's language now. */
  translate?: TrayControllerDeps['translate'];
  log: (message: string) => void;
}

/** The tray icon and its menu (built and kept current by TrayController). Null when the OS has no tray. */
export function createAppTray(options: AppTrayOptions): AppTray | null {
  let tray: Tray;
  try {
    tray = new Tray(trayImage());
  } catch (error) {
    options.log(`[tray] no tray icon: ${String(error)}`);
    return null;
  }
  const controller = new TrayController({
    backend: options.backend,
    hotkey: options.hotkey,
    quickShorten: options.quickShorten,
    openWindow: options.openWindow,
    quit: options.quit,
    ...options.missed,
    ...(options.translate ? { translate: options.translate } : {}),
    log: options.log,
    render: (template, tooltip) => {
      if (tray.isDestroyed()) return;
      tray.setContextMenu(Menu.buildFromTemplate(template));
      tray.setToolTip(tooltip);
    },
  });
  // Windows opens the window on a click of the icon; the menu is on the right button there.
  if (process.platform === 'win32') tray.on('click', () => options.openWindow());
  void controller.rebuild();
  return {
    controller,
    alive: () => !tray.isDestroyed(),
    destroy: () => {
      controller.stop();
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
