import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileLocation, devServerLocation } from '../../../electron/main/app-location.js';
import { APP_ID, appUserModelId } from '../../../electron/main/app-user-model-id.js';
import { viewUrl } from '../../../electron/main/view-url.js';

describe('the Windows Application User Model ID', () => {
  it('is the packaged app id (the installer shortcut\'s), from package.json build.appId', () => {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { build: { appId: string } };
    expect(APP_ID).toBe(pkg.build.appId);
    expect(appUserModelId('win32', true, 'C:\\Program Files\\Linkdeck\\Linkdeck.exe')).toBe(APP_ID);
  });

  it('from source is the Electron executable, as Electron\'s notification guide has it', () => {
    expect(appUserModelId('win32', false, 'C:\\src\\node_modules\\electron\\dist\\electron.exe')).toBe('C:\\src\\node_modules\\electron\\dist\\electron.exe');
  });

  it('is not set elsewhere', () => {
    expect(appUserModelId('darwin', true, '/Applications/Linkdeck.app')).toBeNull();
    expect(appUserModelId('linux', true, '/opt/Linkdeck/linkdeck')).toBeNull();
  });
});

describe('opening a view from a notification', () => {
  it('moves the main window to the route in its fragment', () => {
    const file = fileLocation('/opt/linkdeck/out/renderer/index.html');
    expect(viewUrl(file, '/settings')).toBe('file:///opt/linkdeck/out/renderer/index.html#/settings');
    expect(viewUrl(devServerLocation('http://localhost:5173/x'), '/bulk')).toBe('http://localhost:5173/#/bulk');
  });

  it('opens nothing but a plain route', () => {
    const file = fileLocation('/opt/linkdeck/out/renderer/index.html');
    expect(viewUrl(file, null)).toBeNull();
    for (const bad of ['settings', '/settings?x=1', '//evil.example', '/a/b', 'javascript:alert(1)', '/Settings', '/links?open=0', '/links?open=1&x=2', '/links?open=-1', '/settings?open=1'])
      expect(viewUrl(file, bad)).toBeNull();
  });

  it("opens the links view on one link's detail (linkdeck open ALIAS)", () => {
    const file = fileLocation('/opt/linkdeck/out/renderer/index.html');
    expect(viewUrl(file, '/links?open=42')).toBe('file:///opt/linkdeck/out/renderer/index.html#/links?open=42');
  });
});
