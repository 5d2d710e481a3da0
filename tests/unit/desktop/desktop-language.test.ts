import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appMenuTemplate } from '../../../electron/main/app-menu.js';
import { bulkNotification } from '../../../electron/main/desktop-notifications.js';
import { DesktopLanguage, desktopTranslator } from '../../../electron/main/desktop-language.js';
import { menuSnapshot } from '../../../electron/main/test-hooks.js';
import { trayMenuTemplate, trayTooltip, type TrayActions, type TrayModel } from '../../../electron/main/tray-menu.js';
import { EventHub } from '../../../electron/backend/event-hub.js';
import { languageHandlers } from '../../../electron/backend/handlers/language-handlers.js';
import { readLanguageChoice } from '../../../electron/backend/language/language-settings.js';
import { effectiveLocale } from '../../../electron/shared/language.js';

/*
 * The Electron shell's words follow the language setting: the tray menu, the app menu and the
 * notifications in German once German is chosen, with real plurals; the choice is kept in the
 * data folder and pushed as `language:changed`.
 */

const actions: TrayActions = { copy: () => {}, quickShorten: () => {}, setClipboardPaused: () => {}, openWindow: () => {}, switchProfile: () => {}, quit: () => {} };
const model: TrayModel = {
  profileName: 'Arbeit',
  profiles: [{ id: 'p1', name: 'Arbeit' }, { id: 'p2', name: 'Privat' }],
  currentProfileId: 'p1',
  recent: [{ id: 1, shortUrl: 'https://sho.rt/a', title: 'Seite', longUrl: 'https://example.com', provisional: false }],
  clipboard: { profileId: 'p1', available: true, enabled: true, paused: true, status: 'paused', offline: false, pollIntervalMs: 400, lastAction: null, lastError: null },
  hotkey: null,
};
const labels = (template: MenuItemConstructorOptions[]): string[] =>
  template.flatMap((item) => [item.label ?? '', ...labels(Array.isArray(item.submenu) ? item.submenu : [])]).filter(Boolean);

const bulkJob = (over: object) =>
  ({ id: 'j', profileId: 'p1', name: 'Frühling', status: 'done', total: 10, counts: { created: 1, reused: 0, failed: 0 }, finishedAt: 1, ...over }) as never;

describe('the desktop shell in the chosen language', () => {
  it('draws the tray menu and its tooltip in German', () => {
    const de = desktopTranslator('de');
    const shown = menuSnapshot(trayMenuTemplate(model, actions, de)).map((item) => item.label);
    expect(shown).toEqual(expect.arrayContaining(['Neueste Links — zum Kopieren klicken', 'Schnell kürzen…', 'Zwischenablage überwachen: Pausiert', 'Linkdeck öffnen', 'Profil wechseln', 'Linkdeck beenden']));
    expect(trayTooltip(model, de)).toBe('Linkdeck · Arbeit · Zwischenablage überwachen: pausiert');
    // English stays the default for callers that pass no translator (the docs' pictures).
    expect(menuSnapshot(trayMenuTemplate(model, actions)).map((item) => item.label)).toContain('Quick shorten…');
  });

  it('labels every role of the app menu in German (Electron’s roles know only English)', () => {
    const template = appMenuTemplate({ platform: 'linux', appName: 'Linkdeck', development: false, t: desktopTranslator('de'), openAtLogin: { enabled: false, set: () => {} } });
    const all = labels(template);
    expect(all).toEqual(expect.arrayContaining(['Datei', 'Bearbeiten', 'Rückgängig', 'Kopieren', 'Einfügen', 'Alles auswählen', 'Ansicht', 'Vollbild ein/aus', 'Fenster', 'Hilfe', 'Bei der Anmeldung öffnen']));
    const roleItems = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] => items.flatMap((i) => [...(i.role ? [i] : []), ...roleItems(Array.isArray(i.submenu) ? i.submenu : [])]);
    expect(roleItems(template).filter((item) => !item.label)).toEqual([]);
  });

  it('says a finished bulk job in German with real plurals', () => {
    const de = desktopTranslator('de');
    expect(bulkNotification(bulkJob({ counts: { created: 1, reused: 0, failed: 0 } }), de)?.body).toBe('„Frühling“: 1 erstellt.');
    expect(bulkNotification(bulkJob({ counts: { created: 1200, reused: 2, failed: 3 } }), de)?.body).toBe(
      '„Frühling“: 1.200 erstellt, 2 wiederverwendet, 3 fehlgeschlagen. Der Auftrag zeigt, warum jede fehlgeschlagene Zeile abgelehnt wurde.',
    );
    expect(bulkNotification(bulkJob({ status: 'cancelled', total: 1, counts: { created: 1, reused: 0, failed: 0 } }), de)?.body).toBe('„Frühling“: 1 von 1 Link wurde vor dem Abbruch erstellt.');
    const fr = desktopTranslator('fr');
    expect(bulkNotification(bulkJob({ status: 'cancelled', counts: { created: 1, reused: 0, failed: 0 } }), fr)?.body).toBe('«\u202fFrühling\u202f»\u00a0: 1 lien sur 10 a été créé avant l’annulation.');
    expect(bulkNotification(bulkJob({ status: 'cancelled', counts: { created: 3, reused: 0, failed: 0 } }), fr)?.body).toBe('«\u202fFrühling\u202f»\u00a0: 3 liens sur 10 ont été créés avant l’annulation.');
  });

  it('follows the OS until a language is chosen, and tells the menus only when the language changes', () => {
    const language = new DesktopLanguage(() => ['de-AT', 'en-US']);
    expect(language.locale).toBe('de');
    const rebuild = vi.fn();
    language.onChange(rebuild);
    language.apply({ choice: 'system', system: ['de-AT'] });
    expect(rebuild).not.toHaveBeenCalled();
    language.apply({ choice: 'fr', system: ['de-AT'] });
    expect(rebuild).toHaveBeenCalledTimes(1);
    expect(language.t('desktop.tray.quit')).toBe('Quitter Linkdeck');
    // The web shell has no OS list: the browser's languages decide.
    expect(effectiveLocale({ choice: 'system', system: null }, ['pt-PT', 'en'])).toBe('pt-BR');
  });
});

describe('the language setting in the data folder', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-language-'));
    dirs.push(dir);
    return dir;
  };

  it('keeps the choice, answers the OS languages beside it and pushes the change', async () => {
    const dir = dataDir();
    const events = new EventHub(() => {});
    const pushed: unknown[] = [];
    events.subscribe((event, payload) => void (event === 'language:changed' && pushed.push(payload)));
    const handlers = languageHandlers({ dataDir: dir, log: () => {}, events }, () => ['es-MX']);
    expect(await handlers['language:get'](undefined as never)).toEqual({ choice: 'system', system: ['es-MX'] });
    expect(await handlers['language:set']({ choice: 'de' })).toEqual({ choice: 'de', system: ['es-MX'] });
    expect(pushed).toEqual([{ choice: 'de', system: ['es-MX'] }]);
    expect(JSON.parse(readFileSync(join(dir, 'language.json'), 'utf8'))).toEqual({ version: 1, choice: 'de' });
    // A new start reads it back; the web shell (no OS list) answers null.
    expect(await languageHandlers({ dataDir: dir, log: () => {}, events })['language:get'](undefined as never)).toEqual({ choice: 'de', system: null });
  });

  it('follows the system when the file names a language Linkdeck does not speak, and moves it aside', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'language.json'), JSON.stringify({ version: 1, choice: 'tlh' }));
    const log = vi.fn();
    expect(await readLanguageChoice(dir, log)).toBe('system');
    expect(log.mock.calls[0]?.[0]).toMatch(/"tlh" is not a language Linkdeck speaks/);
  });
});
