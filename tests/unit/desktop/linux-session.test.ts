import { describe, expect, it } from 'vitest';
import { englishText, type MessageRef } from '../../../electron/shared/message-ref.js';
import {
  decideSession,
  switchValue,
  WAYLAND_CLIPBOARD_REASON,
  type SessionFacts,
} from '../../../electron/main/linux-session.js';

const GNOME_WAYLAND = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0', XDG_CURRENT_DESKTOP: 'GNOME' };
const KDE_WAYLAND = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':1', XDG_CURRENT_DESKTOP: 'KDE' };
const X11 = { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' };

const facts = (env: SessionFacts['env'], argv: string[] = [], platform: NodeJS.Platform = 'linux'): SessionFacts => ({
  platform,
  env,
  argv: ['/opt/Linkdeck/linkdeck', ...argv],
});

describe('the Linux session decision', () => {
  it.each([
    ['GNOME Wayland', GNOME_WAYLAND],
    ['KDE Wayland', KDE_WAYLAND],
    ['a Wayland session that leaves XDG_SESSION_TYPE unset', { WAYLAND_DISPLAY: 'wayland-0' }],
  ])('on %s: native Wayland, the hotkey through the portal, the clipboard watch unavailable with words', (_name, env) => {
    const decision = decideSession(facts(env));
    expect(decision.backend).toBe('wayland');
    expect(decision.hotkeyPortal).toBe(true);
    expect(decision.clipboardWatch).toEqual({ available: false, reason: WAYLAND_CLIPBOARD_REASON });
    const reason = englishText(WAYLAND_CLIPBOARD_REASON);
    expect(reason).toMatch(/hotkey/);
    // The tray item it names is the one the tray has (tray-menu.ts).
    expect(reason).toContain('“Quick shorten…”');
    expect(reason).not.toMatch(/Shorten clipboard/);
    expect(englishText(decision.hotkeyNote as MessageRef)).toMatch(/portal/);
  });

  it('on X11: no portal, the clipboard watch works, nothing to explain', () => {
    expect(decideSession(facts(X11))).toEqual({
      backend: 'x11',
      xwayland: false,
      hotkeyPortal: false,
      clipboardWatch: { available: true },
    });
  });

  it('with --ozone-platform=x11 on a Wayland session: XWayland, the watch works, the hotkey caveat is said', () => {
    for (const argv of [['--ozone-platform=x11'], ['--ozone-platform', 'x11'], ['--ozone-platform-hint=x11']]) {
      const decision = decideSession(facts(GNOME_WAYLAND, argv));
      expect(decision.backend, argv.join(' ')).toBe('x11');
      expect(decision.xwayland).toBe(true);
      expect(decision.hotkeyPortal).toBe(false);
      expect(decision.clipboardWatch).toEqual({ available: true });
      expect(englishText(decision.hotkeyNote as MessageRef)).toMatch(/XWayland/);
    }
  });

  it('an explicit --ozone-platform wins over the hint, and the last one given counts', () => {
    expect(decideSession(facts(GNOME_WAYLAND, ['--ozone-platform-hint=x11', '--ozone-platform=wayland'])).backend).toBe('wayland');
    expect(decideSession(facts(GNOME_WAYLAND, ['--ozone-platform=x11', '--ozone-platform=wayland'])).backend).toBe('wayland');
    expect(decideSession(facts(X11, ['--ozone-platform=wayland'])).backend).toBe('none');
  });

  it('without a display there is nothing to decide for', () => {
    const decision = decideSession(facts({}));
    expect(decision.backend).toBe('none');
    expect(decision.hotkeyPortal).toBe(false);
  });

  it('on macOS and Windows nothing changes, whatever the environment says', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const decision = decideSession(facts(GNOME_WAYLAND, [], platform));
      expect(decision).toEqual({ backend: 'not-linux', xwayland: false, hotkeyPortal: false, clipboardWatch: { available: true } });
    }
  });
});

describe('switch values', () => {
  it('reads --name=value and --name value, and ignores a following switch', () => {
    expect(switchValue(['--a=1'], 'a')).toBe('1');
    expect(switchValue(['--a', '2'], 'a')).toBe('2');
    expect(switchValue(['--a', '--b'], 'a')).toBeNull();
    expect(switchValue(['--ab=1'], 'a')).toBeNull();
  });
});
