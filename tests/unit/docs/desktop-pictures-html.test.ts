// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { trayMenuTemplate, type TrayModel } from '../../../electron/main/tray-menu.js';
import { DEFAULT_HOTKEY } from '../../../electron/shared/desktop.js';
import { notificationPicture, trayMenuPicture } from '../../tools/desktop-pictures-html.js';

const noop = () => {};
const actions = { copy: noop, quickShorten: noop, setClipboardPaused: noop, openWindow: noop, switchProfile: noop, quit: noop };
const model: TrayModel = {
  profileName: 'Shop',
  profiles: [
    { id: 'a', name: 'Shop' },
    { id: 'b', name: 'Rock & Roll' },
  ],
  currentProfileId: 'a',
  recent: [{ id: 1, shortUrl: 'https://go.example/a', title: 'Boots & socks', longUrl: 'https://shop.example/boots', provisional: false }],
  clipboard: { enabled: true, paused: false, status: 'watching', offline: false, pollIntervalMs: 400, lastAction: null, lastError: null, profileId: 'a', available: true },
  hotkey: DEFAULT_HOTKEY,
};

function render(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the HTML pictures of what the OS draws', () => {
  it('draws the tray menu line by line from the template: its words in order, separators, disabled lines, the hotkey, a submenu', () => {
    const template = trayMenuTemplate(model, actions);
    const page = render(trayMenuPicture(template, { platform: 'linux', hover: 'quick-shorten' }));
    const rows = [...page.querySelectorAll('.menu > *')];
    expect(rows).toHaveLength(template.length);
    rows.forEach((row, i) => {
      const item = template[i]!;
      if (item.type === 'separator') return expect(row.getAttribute('role')).toBe('separator');
      expect(row.getAttribute('data-id')).toBe(item.id);
      // The OS shows one & where the template doubles it (Windows' mnemonics).
      expect(row.querySelector('span:not(.mark):not(.acc):not(.sub)')?.textContent).toBe(String(item.label).replace(/&&/g, '&'));
      expect(row.classList.contains('disabled')).toBe(item.enabled === false);
    });
    expect(page.querySelector('[data-id="recent-1"]')?.textContent).toContain('Boots & socks');
    expect(page.querySelector('[data-id="quick-shorten"] .acc')?.textContent).toBe('Ctrl+Shift+L');
    expect(page.querySelector('[data-id="quick-shorten"]')?.classList.contains('hover')).toBe(true);
    expect(page.querySelector('[data-id="profiles"] .sub')).not.toBeNull();
  });

  it('draws a notification with its title, its body and its buttons, escaped', () => {
    const page = render(notificationPicture({ title: 'Short link copied', body: 'https://go.example/a <is> on the clipboard.', actions: [{ type: 'button', text: 'Undo' }] }));
    expect(page.querySelector('.title')?.textContent).toBe('Short link copied');
    expect(page.querySelector('.body')?.textContent).toBe('https://go.example/a <is> on the clipboard.');
    expect([...page.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Undo']);
    expect(render(notificationPicture({ title: 'T', body: 'B' })).querySelector('button')).toBeNull();
  });
});
