/**
 * Accelerators (Electron's syntax) as a person reads them and as a key press makes them. Pure:
 * the main process words the hotkey conflict with it, the settings card records the hotkey with it.
 */
import { HOTKEY_PATTERN } from './desktop.js';
import { msg, type MessageRef } from './message-ref.js';

const MODIFIER_LABELS: Record<string, { mac: string; other: string }> = {
  commandorcontrol: { mac: 'Cmd', other: 'Ctrl' },
  cmdorctrl: { mac: 'Cmd', other: 'Ctrl' },
  command: { mac: 'Cmd', other: 'Cmd' },
  cmd: { mac: 'Cmd', other: 'Cmd' },
  control: { mac: 'Ctrl', other: 'Ctrl' },
  ctrl: { mac: 'Ctrl', other: 'Ctrl' },
  alt: { mac: 'Option', other: 'Alt' },
  option: { mac: 'Option', other: 'Alt' },
  altgr: { mac: 'AltGr', other: 'AltGr' },
  shift: { mac: 'Shift', other: 'Shift' },
  super: { mac: 'Cmd', other: 'Super' },
  meta: { mac: 'Cmd', other: 'Super' },
};

/** `CommandOrControl+Shift+L` is "Ctrl+Shift+L" on Windows and Linux, "Cmd+Shift+L" on macOS. */
export function hotkeyLabel(accelerator: string, platform: string): string {
  const mac = platform === 'darwin';
  return accelerator
    .split('+')
    .map((part) => {
      const known = MODIFIER_LABELS[part.toLowerCase()];
      return known ? (mac ? known.mac : known.other) : part;
    })
    .join('+');
}

/** What is shown next to the hotkey field when the OS refused it, as a message (issue 44). */
export const hotkeyConflictRef = (accelerator: string, platform: string): MessageRef =>
  msg('validation.hotkey.taken', { hotkey: hotkeyLabel(accelerator, platform) });

/** The parts of a KeyboardEvent a hotkey is made of. */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const NAMED_CODES: Record<string, string> = {
  Space: 'Space', Tab: 'Tab', Enter: 'Enter', ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right',
  Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown', Insert: 'Insert', Delete: 'Delete', Backspace: 'Backspace',
  Minus: '-', Equal: '=', Comma: ',', Period: '.', Slash: '/', Semicolon: ';', Quote: "'", Backquote: '`',
  BracketLeft: '[', BracketRight: ']', Backslash: '\\',
};

/** The key of a press, by its physical position (`code`), so Shift+2 is "2" and not "@". */
function keyName(code: string): string | null {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1] ?? null;
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(code);
  if (digit) return digit[1] ?? null;
  if (/^F(?:[1-9]|1[0-9]|2[0-4])$/.test(code)) return code;
  return NAMED_CODES[code] ?? null;
}

const MODIFIER_KEYS = new Set(['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'OS']);

/**
 * The accelerator a key press makes: null while only modifiers are held; an error (a message, in
 * the person's language once rendered) when the press cannot be a global hotkey (no modifier, or
 * a key Electron has no name for).
 */
export function acceleratorFromKeyPress(press: KeyPress, platform: string): { accelerator: string } | { error: MessageRef } | null {
  if (MODIFIER_KEYS.has(press.key)) return null;
  const mac = platform === 'darwin';
  const modifiers: string[] = [];
  if (mac ? press.metaKey : press.ctrlKey) modifiers.push('CommandOrControl');
  if (mac && press.ctrlKey) modifiers.push('Control');
  if (!mac && press.metaKey) modifiers.push('Super');
  if (press.altKey) modifiers.push('Alt');
  if (press.shiftKey) modifiers.push('Shift');
  const key = keyName(press.code);
  if (!key) return { error: msg('validation.hotkey.keyNotUsable', { key: press.key }) };
  if (modifiers.length === 0) return { error: msg('validation.hotkey.needsModifier') };
  const accelerator = [...modifiers, key].join('+');
  return HOTKEY_PATTERN.test(accelerator) ? { accelerator } : { error: msg('validation.hotkey.notAllowed', { hotkey: hotkeyLabel(accelerator, platform) }) };
}
