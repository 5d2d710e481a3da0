import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  parseWindowState,
  restoredBounds,
  type Rect,
} from '../../../electron/main/window-bounds.js';
import { WINDOW_SIZE, windowOptions } from '../../../electron/main/window-options.js';
import {
  readWindowState,
  windowStatePath,
  writeWindowState,
} from '../../../electron/main/window-state-file.js';

const primary: Rect = { x: 0, y: 25, width: 1920, height: 1055 };
const right: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };
const left: Rect = { x: -1280, y: 0, width: 1280, height: 984 };

describe('restoring the window bounds', () => {
  it('opens at the default size when nothing was saved (Electron centres it)', () => {
    expect(restoredBounds(null, [primary], WINDOW_SIZE)).toEqual({ width: 1200, height: 780 });
  });

  it('shrinks the default size to a small display', () => {
    expect(restoredBounds(null, [{ x: 0, y: 0, width: 1024, height: 700 }], WINDOW_SIZE)).toEqual({
      width: 1024,
      height: 700,
    });
  });

  it('gives only the default size when no display is known', () => {
    expect(restoredBounds({ x: 5, y: 5, width: 900, height: 600 }, [], WINDOW_SIZE)).toEqual({
      width: 1200,
      height: 780,
    });
  });

  it('keeps bounds that are on a display, including one left of the primary', () => {
    const onPrimary = { x: 100, y: 100, width: 1000, height: 700 };
    expect(restoredBounds(onPrimary, [primary, right], WINDOW_SIZE)).toEqual(onPrimary);
    const onLeft = { x: -1200, y: 50, width: 900, height: 600 };
    expect(restoredBounds(onLeft, [primary, left], WINDOW_SIZE)).toEqual(onLeft);
  });

  it('centres the window on the primary display when its display is gone', () => {
    const onUnplugged = { x: 2100, y: 100, width: 1000, height: 700 };
    expect(restoredBounds(onUnplugged, [primary], WINDOW_SIZE)).toEqual({
      x: 460,
      y: 25 + 178,
      width: 1000,
      height: 700,
    });
  });

  it('moves a window hanging off the edge back onto the display it mostly covers', () => {
    expect(
      restoredBounds({ x: 1200, y: -200, width: 1000, height: 700 }, [primary, right], WINDOW_SIZE),
    ).toEqual({
      x: 920,
      y: 25,
      width: 1000,
      height: 700,
    });
    // Mostly on the right-hand display: it goes there, whole.
    expect(
      restoredBounds({ x: 1800, y: 900, width: 1000, height: 700 }, [primary, right], WINDOW_SIZE),
    ).toEqual({
      x: 1920,
      y: 700,
      width: 1000,
      height: 700,
    });
  });

  it('shrinks a window larger than its display, and enlarges one below the minimum', () => {
    expect(
      restoredBounds({ x: 0, y: 0, width: 3000, height: 2000 }, [primary], WINDOW_SIZE),
    ).toEqual(primary);
    expect(
      restoredBounds({ x: 10, y: 40, width: 300, height: 200 }, [primary], WINDOW_SIZE),
    ).toEqual({
      x: 10,
      y: 40,
      width: WINDOW_SIZE.minWidth,
      height: WINDOW_SIZE.minHeight,
    });
  });
});

describe('the saved window state', () => {
  it('reads whole numbers and the maximized flag', () => {
    expect(
      parseWindowState({ bounds: { x: 1.4, y: -20, width: 900.6, height: 600 }, maximized: true }),
    ).toEqual({
      bounds: { x: 1, y: -20, width: 901, height: 600 },
      maximized: true,
    });
    expect(
      parseWindowState({ bounds: { x: 0, y: 0, width: 900, height: 600 }, maximized: 'yes' })
        ?.maximized,
    ).toBe(false);
  });

  it('refuses anything that is not a window', () => {
    for (const value of [
      null,
      [],
      { bounds: null },
      { bounds: { x: 0, y: 0, width: 0, height: 600 } },
      { bounds: { x: 0, y: 0, width: -5, height: 600 } },
      { bounds: { x: Number.NaN, y: 0, width: 900, height: 600 } },
      { bounds: { x: 0, y: 0, width: 1e9, height: 600 } },
      { bounds: { x: '0', y: 0, width: 900, height: 600 } },
    ])
      expect(parseWindowState(value)).toBeNull();
  });
});

describe('the window state file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-window-'));
    dirs.push(dir);
    return dir;
  };

  it('round-trips the state and leaves no temporary file', () => {
    const dir = dataDir();
    const file = windowStatePath(join(dir, 'new-folder'));
    const state = { bounds: { x: -10, y: 30, width: 1000, height: 650 }, maximized: true };
    writeWindowState(file, state);
    expect(readWindowState(file)).toEqual(state);
    expect(readdirSync(join(dir, 'new-folder'))).toEqual(['window-state.json']);
  });

  it('reads a missing, corrupt or foreign file as no state', () => {
    const dir = dataDir();
    const file = windowStatePath(dir);
    expect(existsSync(file)).toBe(false);
    expect(readWindowState(file)).toBeNull();
    writeFileSync(file, '{"bounds": {"x": 1');
    expect(readWindowState(file)).toBeNull();
    writeFileSync(file, '"hello"');
    expect(readWindowState(file)).toBeNull();
  });
});

describe('the window options at restored bounds', () => {
  it('place the window where given, keeping the minimum size and the security settings', () => {
    const options = windowOptions('/p.cjs', { x: 40, y: 50, width: 1000, height: 700 });
    expect(options).toMatchObject({
      x: 40,
      y: 50,
      width: 1000,
      height: 700,
      minWidth: 800,
      minHeight: 540,
    });
    expect(options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
  });

  it('give no position for a size alone, so Electron centres the window', () => {
    const options = windowOptions('/p.cjs', { width: 1000, height: 700 });
    expect('x' in options || 'y' in options).toBe(false);
    expect(windowOptions('/p.cjs')).toMatchObject({ width: 1200, height: 780 });
  });
});
