import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { notifierWithReach } from '../../../electron/backend/clipboard/reach-notifier.js';
import type { SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { reachNoticeRef } from '../../../electron/shared/local-reach.js';
import { renderMessage } from '../../../electron/shared/message-ref.js';
import { FakeNotifier, harness, SHORT_HOST } from './fakes.js';

const URL_A = 'https://example.com/articles/how-to?id=1';
const URL_B = 'https://example.org/another';

/** No English sentence and no raw key ("desktop.clipboard.x") may be left in a German notice. */
function expectNoEnglish(text: string | undefined): void {
  expect(text).toBeDefined();
  expect(text).not.toMatch(/desktop\.\w+/);
  expect(text).not.toMatch(/\b(the|was|is on|clipboard|service|shortened|Undo)\b/);
}

/** A real watcher with the fake clipboard source, whose language the test switches like Settings does. */
function germanHarness(settings: Parameters<typeof harness>[0] = { enabled: true }) {
  const language = { locale: 'de' as SupportedLocale };
  const translate = () => createTranslator(language.locale, SHARED_MESSAGES);
  return { language, h: harness(settings, { translate }) };
}

describe('clipboard watch notifications in the person’s language', () => {
  it('says a copied link in German, then in English after a language change', async () => {
    const { language, h } = germanHarness();
    await h.copy(URL_A);
    expect(h.notifier.last).toMatchObject({
      kind: 'created',
      title: 'Kurzlink kopiert',
      body: `${SHORT_HOST}/s100 ist in der Zwischenablage, für ${URL_A}.`,
      actions: [
        { id: 'undo', label: 'Rückgängig' },
        { id: 'undo-delete', label: 'Rückgängig und Link löschen' },
      ],
    });
    expectNoEnglish(h.notifier.last?.body);
    expect(h.watcher.getState().lastAction?.message).toBe(`${SHORT_HOST}/s100 ist in der Zwischenablage, für ${URL_A}.`);

    language.locale = 'en';
    await h.copy(URL_B);
    expect(h.notifier.last).toMatchObject({ title: 'Short link copied', body: `${SHORT_HOST}/s101 is on the clipboard, for ${URL_B}.` });
  });

  it('says an undo in German, in the language of the moment it is asked for', async () => {
    const { h } = germanHarness();
    await h.copy(URL_A);
    const id = h.watcher.getState().lastAction?.id;
    if (!id) throw new Error('no action');
    const outcome = await h.watcher.undo(id, { deleteLink: true });
    expect(outcome.message).toBe(`Rückgängig gemacht: ${URL_A} ist wieder in der Zwischenablage. ${SHORT_HOST}/s100 wurde gelöscht.`);
    expect((await h.watcher.undo(id)).message).toBe('Dies wurde bereits rückgängig gemacht.');
  });

  it('says a skipped link while offline in German', async () => {
    const { h } = germanHarness({ enabled: true, offline: 'skip' });
    h.online.value = false;
    await h.copy(URL_A);
    expect(h.notifier.last?.title).toBe('Link nicht gekürzt');
    expect(h.notifier.last?.body).toMatch(/^Linkdeck erreicht den Dienst nicht/);
    expect(h.notifier.last?.body).toContain('„Wenn offline“');
    expectNoEnglish(h.notifier.last?.body);
  });

  it('counts the wait in German plurals: 1 Sekunde, 30 Sekunden', async () => {
    const one = germanHarness();
    one.h.shortener.failCreate = new ApiClientError('rate-limited', 'Too many requests.', { status: 429, retryAfterMs: 1_000 });
    await one.h.copy(URL_A);
    expect(one.h.notifier.last?.body).toContain('in den nächsten 1 Sekunde kopieren');

    const many = germanHarness();
    many.h.shortener.failCreate = new ApiClientError('rate-limited', 'Too many requests.', { status: 429, retryAfterMs: 30_000 });
    await many.h.copy(URL_A);
    expect(many.h.notifier.last?.body).toBe(
      `Der Dienst hat Linkdeck gebeten, langsamer zu machen, daher wurde ${URL_A} nicht gekürzt. Links, die Sie in den nächsten 30 Sekunden kopieren, werden ebenfalls nicht gekürzt.`,
    );
  });

  it('adds the reach words in German to a copied link, found by its kind', async () => {
    const de = createTranslator('de', SHARED_MESSAGES);
    const inner = new FakeNotifier();
    const { h } = germanHarness();
    const notifier = notifierWithReach(inner, () => {
      const ref = reachNoticeRef({ kind: 'local' });
      return ref ? renderMessage(ref, de) : null;
    });
    await h.copy(URL_A);
    const created = h.notifier.last;
    if (!created) throw new Error('no notification');
    void notifier.notify(created);
    expect(inner.last?.body.startsWith(`${SHORT_HOST}/s100 ist in der Zwischenablage, für ${URL_A}. `)).toBe(true);
    expect(inner.last?.body).not.toBe(created.body);
    expectNoEnglish(inner.last?.body);
  });
});
