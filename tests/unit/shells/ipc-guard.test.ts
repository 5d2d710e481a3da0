import { describe, expect, it } from 'vitest';
import { devServerLocation, fileLocation, isAppUrl } from '../../../electron/main/app-location.js';
import { isTrustedSender, type FrameLike } from '../../../electron/main/ipc-guard.js';
import { isPermissionAllowed } from '../../../electron/main/permissions.js';

const app = fileLocation('/opt/linkdeck/out/renderer/index.html');
const appUrl = 'file:///opt/linkdeck/out/renderer/index.html';
const mainFrame: FrameLike = { url: `${appUrl}#/links`, processId: 4, routingId: 1 };

describe('isTrustedSender', () => {
  it("accepts our window's main frame showing our page", () => {
    expect(isTrustedSender(mainFrame, { mainFrame, location: app })).toBe(true);
  });

  it('accepts the same frame seen through another wrapper object', () => {
    expect(isTrustedSender({ ...mainFrame }, { mainFrame, location: app })).toBe(true);
  });

  it('refuses a subframe of our window, even on our URL', () => {
    const subframe: FrameLike = { url: appUrl, processId: 4, routingId: 7 };
    expect(isTrustedSender(subframe, { mainFrame, location: app })).toBe(false);
  });

  it('refuses another window', () => {
    const other: FrameLike = { url: appUrl, processId: 9, routingId: 1 };
    expect(isTrustedSender(other, { mainFrame, location: app })).toBe(false);
  });

  it('refuses our main frame once it shows a foreign page', () => {
    for (const url of [
      'https://evil.example/',
      'file:///tmp/evil.html',
      'file:///opt/linkdeck/out/renderer/other.html',
      'about:blank',
    ]) {
      const navigated: FrameLike = { ...mainFrame, url };
      expect(isTrustedSender(navigated, { mainFrame: navigated, location: app })).toBe(false);
    }
  });

  it('refuses a destroyed sender frame or a closed window', () => {
    expect(isTrustedSender(null, { mainFrame, location: app })).toBe(false);
    expect(isTrustedSender(undefined, { mainFrame, location: app })).toBe(false);
    expect(isTrustedSender(mainFrame, { mainFrame: null, location: app })).toBe(false);
  });

  it('trusts only the dev server origin in development', () => {
    const dev = devServerLocation('http://localhost:5173/');
    const devFrame: FrameLike = {
      url: 'http://localhost:5173/#/links',
      processId: 4,
      routingId: 1,
    };
    expect(isTrustedSender(devFrame, { mainFrame: devFrame, location: dev })).toBe(true);
    const elsewhere: FrameLike = { ...devFrame, url: 'http://localhost:5174/' };
    expect(isTrustedSender(elsewhere, { mainFrame: elsewhere, location: dev })).toBe(false);
  });
});

describe('isAppUrl', () => {
  it('ignores the fragment and the query of our file, nothing else', () => {
    expect(isAppUrl(`${appUrl}?x=1#/a`, app)).toBe(true);
    expect(isAppUrl('file:///opt/linkdeck/out/renderer/assets/index.js', app)).toBe(false);
    expect(isAppUrl('file://otherhost/opt/linkdeck/out/renderer/index.html', app)).toBe(false);
    expect(isAppUrl('not a url', app)).toBe(false);
  });
});

describe('page permissions', () => {
  it('grants only a sanitised clipboard write, and only to our page', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', appUrl, app)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', app)).toBe(
      false,
    );
    for (const permission of [
      'clipboard-read',
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'fullscreen',
      'unknown',
    ]) {
      expect(isPermissionAllowed(permission, appUrl, app)).toBe(false);
    }
  });
});
