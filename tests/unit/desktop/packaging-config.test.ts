import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import electronViteConfig from '../../../electron.vite.config.js';
import { LOCAL_SERVICE_ENTRY } from '../../../electron/main/local-service-protocol.js';
import { PROTOCOL_SCHEME } from '../../../electron/main/protocol-url.js';

const root = resolve(import.meta.dirname, '../../..');
interface BuildConfig {
  appId?: string;
  productName?: string;
  files?: string[];
  asar?: boolean;
  asarUnpack?: string[];
  npmRebuild?: boolean;
  electronFuses?: Record<string, boolean>;
  protocols?: { schemes: string[] }[];
  directories?: { output?: string; buildResources?: string };
  linux?: { target?: string[]; icon?: string; executableName?: string; mimeTypes?: string[] };
  deb?: { appArmorProfile?: string; afterInstall?: string; afterRemove?: string };
  mac?: { target?: string[]; icon?: string };
  win?: { target?: string[]; icon?: string };
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  desktopName?: string;
  scripts: Record<string, string>;
  build: BuildConfig;
};
const build = pkg.build;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the packaging config (package.json "build")', () => {
  it('names the app', () => {
    expect(build.productName).toBe('Linkdeck');
    expect(build.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/);
  });

  // The desktop entry's name and Linkdeck's Linux identity: desktop-identity.test.ts.

  it('sets the Electron fuses that close the side doors into the app', () => {
    expect(build.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('packs only the build output into an asar, unpacking the native modules', () => {
    expect(build.files).toEqual(['out/**', 'package.json']);
    expect(build.asar).toBe(true);
    expect(pkg.main.startsWith('out/')).toBe(true);
    for (const native of ['node_modules/@napi-rs/keyring', 'node_modules/keytar/', 'node_modules/libsql/', 'node_modules/@libsql/'])
      expect(
        build.asarUnpack?.some((pattern) => pattern.includes(native)),
        native,
      ).toBe(true);
  });

  it('builds AppImage and deb for Linux, dmg for macOS and an NSIS installer for Windows', () => {
    expect(build.linux?.target).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(build.mac?.target).toEqual(expect.arrayContaining(['dmg']));
    expect(build.win?.target).toEqual(expect.arrayContaining(['nsis']));
  });

  it('registers the linkdeck:// scheme the app handles', () => {
    expect(build.protocols?.flatMap((p) => p.schemes)).toContain(PROTOCOL_SCHEME);
  });

  it('gives the .deb an AppArmor profile that lets /opt/Linkdeck/linkdeck make its sandbox (Ubuntu 23.10+)', () => {
    expect(build.linux?.executableName).toBe('linkdeck');
    expect(build.productName).toBe('Linkdeck'); // electron-builder installs the .deb in /opt/<productName>/
    const profile = readFileSync(join(root, build.deb?.appArmorProfile ?? ''), 'utf8');
    expect(profile).toMatch(/^abi <abi\/4\.0>,$/m);
    expect(profile).toMatch(/^include <tunables\/global>$/m);
    expect(profile).toMatch(/^profile linkdeck \/opt\/Linkdeck\/linkdeck flags=\(unconfined\) \{$/m);
    expect(profile).toMatch(/^\s+userns,$/m);
    expect(profile).toMatch(/include if exists <local\/linkdeck>/);
    // electron-builder's own after-install/after-remove scripts copy, load and remove the profile:
    // replacing them would lose that (and the /usr/bin link and the sandbox helper's mode).
    expect(build.deb?.afterInstall).toBeUndefined();
    expect(build.deb?.afterRemove).toBeUndefined();
    const templates = join(root, 'node_modules/app-builder-lib/templates/linux');
    expect(readFileSync(join(templates, 'after-install.tpl'), 'utf8')).toContain('/resources/apparmor-profile');
    expect(readFileSync(join(templates, 'after-install.tpl'), 'utf8')).toContain("/etc/apparmor.d/${executable}");
    expect(readFileSync(join(templates, 'after-remove.tpl'), 'utf8')).toContain('apparmor_parser --remove');
  });

  it('declares linkdeck:// in the desktop entry of the .deb and the AppImage (from "protocols", not twice)', () => {
    // electron-builder turns every scheme of build.protocols into MimeType=x-scheme-handler/<scheme>;
    const helper = readFileSync(join(root, 'node_modules/app-builder-lib/out/targets/LinuxTargetHelper.js'), 'utf8');
    expect(helper).toContain('x-scheme-handler/${scheme}');
    expect(build.protocols?.flatMap((p) => p.schemes)).toContain(PROTOCOL_SCHEME);
    expect(build.linux?.mimeTypes ?? []).not.toContain(`x-scheme-handler/${PROTOCOL_SCHEME}`);
  });

  it('points at icons that exist in resources/', () => {
    expect(build.directories?.buildResources).toBe('resources');
    expect(pngSize(join(root, build.mac?.icon ?? ''))).toEqual({ width: 1024, height: 1024 });
    expect(readFileSync(join(root, build.win?.icon ?? '')).readUInt16LE(2)).toBe(1); // an ICO
    for (const size of [16, 32, 48, 64, 128, 256, 512])
      expect(pngSize(join(root, build.linux?.icon ?? '', `${size}x${size}.png`))).toEqual({
        width: size,
        height: size,
      });
    expect(existsSync(join(root, 'resources/icon.svg'))).toBe(true);
  });

  it('has the dist and audit:electron scripts', () => {
    expect(pkg.scripts['dist']).toBe('electron-vite build && tsx electron/cli/bundle.ts && electron-builder');
    expect(pkg.scripts['audit:electron']).toMatch(/tests\/tools\/audit-electron\.ts$/);
  });
});

describe('the main-process build', () => {
  it('builds the local service utility process beside index.js', () => {
    const input = (
      electronViteConfig as {
        main?: { build?: { rollupOptions?: { input?: Record<string, string> } } };
      }
    ).main?.build?.rollupOptions?.input;
    expect(input?.['index']).toMatch(/electron\/main\/index\.ts$/);
    expect(input?.[LOCAL_SERVICE_ENTRY]).toMatch(/electron\/main\/local-service-process\.ts$/);
  });
});
