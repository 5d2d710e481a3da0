/**
 * HTML pictures of what the OS draws for Linkdeck: the tray's menu and a notification. Neither is
 * a page of the renderer, so neither can be photographed in Chromium. They are drawn from the very
 * objects the main process hands the OS: the menu template TrayController builds (Electron's
 * Menu.buildFromTemplate takes it) and the options the notifier gives Electron's Notification.
 * The look is a plain, neutral one (each OS draws these its own way); the words, their order, the
 * separators, the disabled lines, the accelerator and the buttons are the template's.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { NotificationOptionsLike } from '../../electron/main/notifier.js';
import { TRAY_ICON } from '../../electron/main/tray-icon-data.js';
import { hotkeyLabel } from '../../electron/shared/hotkey.js';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A menu label as the OS shows it: `&&` is one `&` (menuText doubles it for Windows' mnemonics). */
const shownLabel = (label: string | undefined): string => escape((label ?? '').replace(/&&/g, '&'));

const STYLE = `
  :root { color-scheme: light dark; --bg: #f3f3f5; --panel: #ffffff; --text: #1f1f24; --muted: #8a8a94; --line: #e2e2e8; --hover: #e8e6fb; --accent: #4f46e5; }
  @media (prefers-color-scheme: dark) { :root { --bg: #1b1b1f; --panel: #2b2b31; --text: #ececf1; --muted: #8f8f9a; --line: #3d3d45; --hover: #3a3766; --accent: #a5a0ff; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  .stage { display: inline-block; padding: 16px 20px 20px; }
  .bar { display: flex; justify-content: flex-end; align-items: center; gap: 10px; height: 28px; padding: 0 8px; border-radius: 6px; background: var(--panel); border: 1px solid var(--line); color: var(--muted); font-size: 12px; }
  .bar img { width: 16px; height: 16px; padding: 2px; border-radius: 4px; background: var(--hover); box-sizing: content-box; }
  .menu { margin: 6px 0 0 auto; width: max-content; min-width: 300px; max-width: 560px; padding: 6px 0; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; box-shadow: 0 8px 24px rgb(0 0 0 / 0.18); }
  .item { display: flex; align-items: center; gap: 24px; padding: 4px 14px 4px 28px; white-space: nowrap; position: relative; }
  .item.hover { background: var(--hover); }
  .item.disabled { color: var(--muted); }
  .item .acc { margin-left: auto; color: var(--muted); }
  .item .sub { margin-left: auto; color: var(--muted); }
  .item .mark { position: absolute; left: 10px; }
  .sep { height: 1px; margin: 5px 0; background: var(--line); }
  .note { display: flex; gap: 12px; width: 380px; padding: 14px 16px; background: var(--panel); border: 1px solid var(--line); border-radius: 10px; box-shadow: 0 8px 24px rgb(0 0 0 / 0.18); }
  .note img { width: 32px; height: 32px; }
  .note .app { font-size: 12px; color: var(--muted); }
  .note .title { font-weight: 600; margin: 2px 0; }
  .note .body { white-space: pre-line; overflow-wrap: anywhere; }
  .note .buttons { display: flex; gap: 8px; margin-top: 10px; }
  .note button { font: inherit; padding: 4px 12px; border-radius: 6px; border: 1px solid var(--line); background: var(--bg); color: var(--text); }
`;

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${STYLE}</style></head><body><div class="stage" data-testid="picture">${body}</div></body></html>`;
}

function menuItem(item: MenuItemConstructorOptions, platform: string, hover: boolean): string {
  if (item.type === 'separator') return '<div class="sep" role="separator"></div>';
  const classes = ['item', item.enabled === false ? 'disabled' : '', hover ? 'hover' : ''].filter(Boolean).join(' ');
  const mark = item.type === 'radio' && item.checked ? '<span class="mark">•</span>' : '';
  const accelerator = typeof item.accelerator === 'string' ? `<span class="acc">${escape(hotkeyLabel(item.accelerator, platform))}</span>` : '';
  const submenu = item.submenu ? '<span class="sub">▸</span>' : '';
  return `<div class="${classes}" role="menuitem" data-id="${escape(item.id ?? '')}">${mark}<span>${shownLabel(item.label)}</span>${accelerator}${submenu}</div>`;
}

/**
 * The tray icon in a bar and its menu open under it. `hover` is the id of the item drawn as if
 * the pointer were on it (none when absent).
 */
export function trayMenuPicture(template: MenuItemConstructorOptions[], options: { platform: string; hover?: string }): string {
  const items = template.map((item) => menuItem(item, options.platform, item.id !== undefined && item.id === options.hover)).join('');
  return page(
    `<div class="bar"><img alt="Linkdeck" src="${TRAY_ICON.color}"></div><div class="menu" role="menu">${items}</div>`,
  );
}

/** A notification as the options Electron's Notification gets: title, body and its buttons, if any. */
export function notificationPicture(options: NotificationOptionsLike): string {
  const buttons = options.actions?.length
    ? `<div class="buttons">${options.actions.map((a) => `<button type="button">${escape(a.text)}</button>`).join('')}</div>`
    : '';
  return page(
    `<div class="note" role="status"><img alt="" src="${TRAY_ICON.color2x}"><div><div class="app">Linkdeck</div><div class="title">${escape(options.title)}</div><div class="body">${escape(options.body)}</div>${buttons}</div></div>`,
  );
}
