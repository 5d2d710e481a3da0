import { describe, expect, it } from 'vitest';
import { APP_ID } from '../../../electron/main/app-user-model-id.js';
import { dataDirArguments } from '../../../electron/main/data-dir.js';
import { windowsLoginItem, windowsLoginItemName } from '../../../electron/main/windows-login-item.js';
import { FakeWindowsLoginItems } from './fake-windows-login-items.js';

const work = 'D:\\Linkdeck\\work';
const home = 'D:\\Linkdeck\\home';

/** The login item of the usual folder, and of another folder, as open-at-login.ts makes them. */
const usual = (registry: FakeWindowsLoginItems) => windowsLoginItem(registry, []);
const folder = (registry: FakeWindowsLoginItems, dir: string) => windowsLoginItem(registry, dataDirArguments(dir), windowsLoginItemName(dir));

describe('Windows: one login item per data folder (Electron 45 names the Run value after the AppUserModelId unless told a name)', () => {
  it('the fake replaces one folder\'s item with the next when no name is given (the behaviour to avoid)', () => {
    const registry = new FakeWindowsLoginItems(APP_ID);
    registry.setLoginItemSettings({ openAtLogin: true, args: dataDirArguments(work) });
    registry.setLoginItemSettings({ openAtLogin: true, args: dataDirArguments(home) });
    expect(registry.run.size).toBe(1);
    expect(registry.getLoginItemSettings({ args: dataDirArguments(work) }).openAtLogin).toBe(false);
  });

  it('two data folders and the usual one each keep their own item', () => {
    const registry = new FakeWindowsLoginItems(APP_ID);
    usual(registry).set(true);
    folder(registry, work).set(true);
    folder(registry, home).set(true);
    expect(registry.run.size).toBe(3);
    expect(usual(registry).enabled()).toBe(true);
    expect(folder(registry, work).enabled()).toBe(true);
    expect(folder(registry, home).enabled()).toBe(true);
    // Each starts Linkdeck on its own folder.
    expect(registry.run.get(windowsLoginItemName(work))?.command).toBe(`"C:\\Program Files\\Linkdeck\\Linkdeck.exe" "--linkdeck-data-dir=D:\\Linkdeck\\work"`);
    expect(registry.run.get(APP_ID)?.args).toEqual([]);
    // Turning one off leaves the others.
    folder(registry, work).set(false);
    expect(folder(registry, work).enabled()).toBe(false);
    expect(folder(registry, home).enabled()).toBe(true);
    expect(usual(registry).enabled()).toBe(true);
  });

  it('names a folder the same whatever the case or trailing backslash (Windows paths), and two folders differently', () => {
    expect(windowsLoginItemName('d:\\LINKDECK\\Work\\')).toBe(windowsLoginItemName(work));
    expect(windowsLoginItemName(home)).not.toBe(windowsLoginItemName(work));
    expect(windowsLoginItemName(work)).toMatch(new RegExp(`^${APP_ID.replace(/\./g, '\\.')}\\.data-[0-9a-f]{12}$`));
  });

  it('an item an older Linkdeck made for this folder under the shared name counts as on, and is moved to the folder\'s own name', () => {
    const registry = new FakeWindowsLoginItems(APP_ID);
    registry.setLoginItemSettings({ openAtLogin: true, args: dataDirArguments(work) });
    expect(folder(registry, work).enabled()).toBe(true);
    folder(registry, work).set(true);
    expect([...registry.run.keys()]).toEqual([windowsLoginItemName(work)]);
    // Turned off, nothing of it is left.
    registry.setLoginItemSettings({ openAtLogin: true, args: dataDirArguments(work) });
    folder(registry, work).set(false);
    expect(registry.run.size).toBe(0);
  });

  it('never removes the usual folder\'s item from another folder', () => {
    const registry = new FakeWindowsLoginItems(APP_ID);
    usual(registry).set(true);
    folder(registry, work).set(true);
    folder(registry, work).set(false);
    expect(usual(registry).enabled()).toBe(true);
  });
});
