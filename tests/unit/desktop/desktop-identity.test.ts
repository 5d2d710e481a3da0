import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINUX_APP_ID, LINUX_DESKTOP_FILE } from '../../../electron/main/app-identity.js';
import { APPIMAGE_ENTRY, appImageEntry } from '../../../electron/main/link-handler.js';

const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  desktopName?: string;
  homepage?: string;
  description: string;
  build: { productName: string; protocols: { schemes: string[] }[]; linux: Record<string, unknown> };
};

/**
 * electron-builder's own LinuxTargetHelper (app-builder-lib, the version installed), over a
 * stand-in packager holding only what its desktop-entry code reads: the name the .deb installs its
 * entry under (FpmTarget: /usr/share/applications/<getDesktopFileName()>.desktop; the AppImage
 * target uses the same) and the entry's StartupWMClass.
 */
function builderHelper() {
  const require = createRequire(join(root, 'package.json'));
  const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper') as {
    LinuxTargetHelper: new (packager: unknown) => {
      getDesktopFileName(): string;
      computeDesktopEntry(options: Record<string, unknown>): Promise<string>;
    };
  };
  return new LinuxTargetHelper({
    platformSpecificBuildOptions: pkg.build.linux,
    info: { metadata: { desktopName: pkg.desktopName } },
    executableName: pkg.build.linux['executableName'],
    appInfo: { productName: pkg.build.productName, sanitizedProductName: pkg.build.productName, description: pkg.description },
    config: { protocols: pkg.build.protocols, mac: {} },
    fileAssociations: [],
  });
}

describe("Linkdeck's one Linux identity (Wayland app_id, the portals' app ID, the desktop entries)", () => {
  it('is a reverse-DNS ID, and package.json desktopName is its .desktop file (what Electron passes on as the app ID)', () => {
    expect(LINUX_APP_ID).toMatch(/^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*){2,}$/);
    expect(pkg.desktopName).toBe(LINUX_DESKTOP_FILE);
    expect(LINUX_DESKTOP_FILE).toBe(`${LINUX_APP_ID}.desktop`);
  });

  it('names the .deb\'s installed entry (electron-builder, linux.syncDesktopName) and its StartupWMClass', async () => {
    const helper = builderHelper();
    expect(`${helper.getDesktopFileName()}.desktop`).toBe(LINUX_DESKTOP_FILE);
    const entry = await helper.computeDesktopEntry({ ...pkg.build.linux });
    expect(entry).toContain(`StartupWMClass=${LINUX_APP_ID}\n`);
    expect(entry).toContain('MimeType=x-scheme-handler/linkdeck;');
  });

  it('names the entry written for the AppImage', () => {
    expect(APPIMAGE_ENTRY).toBe(LINUX_DESKTOP_FILE);
    expect(appImageEntry('/home/ana/Linkdeck.AppImage')).toContain(`StartupWMClass=${LINUX_APP_ID}\n`);
  });

  // The .deb's homepage and maintainer: package-metadata.test.ts.
});
