import { describe, expect, it } from 'vitest';
import { createdNotice, failedNotice, reusedNotice } from '../../../electron/backend/clipboard/messages.js';
import type { ClipboardNotification, Notifier } from '../../../electron/backend/clipboard/ports.js';
import { notifierWithReach } from '../../../electron/backend/clipboard/reach-notifier.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { reachNoticeRef, type ReachProfile } from '../../../electron/shared/local-reach.js';
import { renderMessage } from '../../../electron/shared/message-ref.js';

const en = createTranslator('en', SHARED_MESSAGES);

/** The clipboard watch's "copied" notification says when the link may open nothing for others (issue 32). */
describe('clipboard notifications of a local workspace', () => {
  const shown: ClipboardNotification[] = [];
  const inner: Notifier = { notify: async (n) => (shown.push(n), null) };

  it('add the reach words to a copied link, and only to one', async () => {
    let profile: ReachProfile = { kind: 'local', publicUrl: 'https://go.example.test', publicUrlVerified: false };
    const notifier = notifierWithReach(inner, () => {
      const ref = reachNoticeRef(profile);
      return ref ? renderMessage(ref, en) : null;
    });
    await notifier.notify(createdNotice(en, 'https://go.example.test/a', 'https://example.com/'));
    await notifier.notify(reusedNotice(en, 'https://go.example.test/a', 'https://example.com/'));
    await notifier.notify(failedNotice(en, 'The service said no.'));
    expect(shown[0]?.body).toMatch(/is on the clipboard, for https:\/\/example\.com\/\. Public address not verified/);
    expect(shown[1]?.body).toMatch(/made earlier.*Public address not verified/);
    expect(shown[2]?.body).not.toMatch(/not verified/);

    profile = { kind: 'local' };
    await notifier.notify(createdNotice(en, 'http://127.0.0.1:4100/b', 'https://example.com/'));
    expect(shown[3]?.body).toMatch(/Opens only on this computer, while Linkdeck runs/);
    profile = { kind: 'local', publicUrl: 'https://go.example.test', publicUrlVerified: true };
    await notifier.notify(createdNotice(en, 'https://go.example.test/c', 'https://example.com/'));
    expect(shown[4]?.body).toBe('https://go.example.test/c is on the clipboard, for https://example.com/.');
  });
});
