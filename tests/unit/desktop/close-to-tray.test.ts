import { describe, expect, it } from 'vitest';
import { closeAction, type CloseFacts } from '../../../electron/main/close-to-tray.js';

const facts = (over: Partial<CloseFacts>): CloseFacts => ({
  platform: 'win32',
  closeToTray: false,
  trayAlive: true,
  quitting: false,
  otherWindows: 0,
  ...over,
});

describe('closing the main window', () => {
  it('with close to tray off, quits on Windows and Linux even while a tray icon exists', () => {
    expect(closeAction(facts({ platform: 'win32' }))).toBe('quit');
    expect(closeAction(facts({ platform: 'linux' }))).toBe('quit');
    expect(closeAction(facts({ platform: 'linux', trayAlive: false }))).toBe('quit');
  });

  it('on macOS keeps the app running in the dock, tray or not', () => {
    expect(closeAction(facts({ platform: 'darwin' }))).toBe('keep');
    expect(closeAction(facts({ platform: 'darwin', trayAlive: false }))).toBe('keep');
  });

  it('with close to tray on and a tray, hides the window on every platform', () => {
    for (const platform of ['win32', 'linux', 'darwin'] as const)
      expect(closeAction(facts({ platform, closeToTray: true }))).toBe('hide');
  });

  it('with close to tray on but no tray to come back from, does as if it were off', () => {
    expect(closeAction(facts({ platform: 'linux', closeToTray: true, trayAlive: false }))).toBe('quit');
    expect(closeAction(facts({ platform: 'darwin', closeToTray: true, trayAlive: false }))).toBe('keep');
  });

  it('keeps the app while another window of ours is open', () => {
    expect(closeAction(facts({ platform: 'win32', otherWindows: 1 }))).toBe('keep');
  });

  it('quits whatever the setting once a real quit has started', () => {
    for (const platform of ['win32', 'linux', 'darwin'] as const)
      expect(closeAction(facts({ platform, closeToTray: true, quitting: true }))).toBe('quit');
  });
});
