import { describe, expect, it } from 'vitest';
import { fileLocation } from '../../../electron/main/app-location.js';
import { isPermissionAllowed } from '../../../electron/main/permissions.js';

const app = fileLocation('/opt/Linkdeck/resources/app.asar/out/renderer/index.html');
const appUrl = 'file:///opt/Linkdeck/resources/app.asar/out/renderer/index.html#/links';

// Every permission Electron 45 may ask about (Session.setPermissionRequestHandler/-CheckHandler).
const ELECTRON_PERMISSIONS = [
  'clipboard-read',
  'display-capture',
  'fileSystem',
  'fullscreen',
  'geolocation',
  'hid',
  'idle-detection',
  'keyboardLock',
  'media',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'notifications',
  'openExternal',
  'pointerLock',
  'serial',
  'speaker-selection',
  'storage-access',
  'top-level-storage-access',
  'usb',
  'window-management',
  'unknown',
];

describe('permission requests from pages', () => {
  it('are all refused, even for our own page', () => {
    for (const permission of ELECTRON_PERMISSIONS)
      expect(isPermissionAllowed(permission, appUrl, app), permission).toBe(false);
  });

  it('grant only a sanitised clipboard write, only to our page', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', appUrl, app)).toBe(true);
    for (const url of ['https://evil.example/', 'file:///tmp/index.html', 'about:blank', ''])
      expect(isPermissionAllowed('clipboard-sanitized-write', url, app), url).toBe(false);
  });
});
