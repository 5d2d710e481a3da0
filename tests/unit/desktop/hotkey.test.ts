import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceleratorFromKeyPress, hotkeyLabel, type KeyPress } from '../../../electron/shared/hotkey.js';
import { englishText, type MessageRef } from '../../../electron/shared/message-ref.js';
import { TRAY_ICON } from '../../../electron/main/tray-icon-data.js';

const press = (over: Partial<KeyPress>): KeyPress => ({ key: 'l', code: 'KeyL', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over });

describe('hotkey words', () => {
  it('names the keys as each platform does', () => {
    expect(hotkeyLabel('CommandOrControl+Shift+L', 'linux')).toBe('Ctrl+Shift+L');
    expect(hotkeyLabel('CommandOrControl+Shift+L', 'darwin')).toBe('Cmd+Shift+L');
    expect(hotkeyLabel('Alt+Super+F5', 'win32')).toBe('Alt+Super+F5');
    expect(hotkeyLabel('Alt+K', 'darwin')).toBe('Option+K');
  });
});

describe('recording a hotkey from a key press', () => {
  it('makes an accelerator from modifiers and the physical key', () => {
    expect(acceleratorFromKeyPress(press({ ctrlKey: true, shiftKey: true, key: 'L' }), 'linux')).toEqual({ accelerator: 'CommandOrControl+Shift+L' });
    expect(acceleratorFromKeyPress(press({ metaKey: true, key: 'l' }), 'darwin')).toEqual({ accelerator: 'CommandOrControl+L' });
    expect(acceleratorFromKeyPress(press({ altKey: true, shiftKey: true, key: '@', code: 'Digit2' }), 'linux')).toEqual({ accelerator: 'Alt+Shift+2' });
    expect(acceleratorFromKeyPress(press({ ctrlKey: true, key: 'F9', code: 'F9' }), 'win32')).toEqual({ accelerator: 'CommandOrControl+F9' });
    expect(acceleratorFromKeyPress(press({ ctrlKey: true, altKey: true, key: ' ', code: 'Space' }), 'linux')).toEqual({ accelerator: 'CommandOrControl+Alt+Space' });
  });

  it('waits while only modifiers are held', () => {
    expect(acceleratorFromKeyPress(press({ key: 'Shift', code: 'ShiftLeft', shiftKey: true }), 'linux')).toBeNull();
  });

  it('refuses a key without a modifier, or a key with no name', () => {
    const bare = acceleratorFromKeyPress(press({}), 'linux');
    const unnamed = acceleratorFromKeyPress(press({ ctrlKey: true, key: 'Unidentified', code: 'IntlRo' }), 'linux');
    // A message key for the window (issue 44), English for everything else.
    expect(bare).toEqual({ error: { key: 'validation.hotkey.needsModifier' } });
    expect(unnamed).toEqual({ error: { key: 'validation.hotkey.keyNotUsable', params: { key: 'Unidentified' } } });
    expect(englishText((bare as { error: MessageRef }).error)).toContain('at least one');
    expect(englishText((unnamed as { error: MessageRef }).error)).toBe('“Unidentified” cannot be part of a hotkey: use a letter, a digit or a function key.');
  });
});

describe('tray icons', () => {
  it('embeds exactly the PNGs in resources/tray (run resources/render-tray-icons.sh after changing them)', () => {
    const dir = resolve(import.meta.dirname, '../../../resources/tray');
    const data = (name: string) => `data:image/png;base64,${readFileSync(join(dir, name)).toString('base64')}`;
    expect(TRAY_ICON).toEqual({ color: data('tray.png'), color2x: data('tray@2x.png'), template: data('trayTemplate.png'), template2x: data('trayTemplate@2x.png') });
  });
});
