import { AppFrame } from './pages/app-frame.js';
import { SettingsPage } from './pages/settings-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { connectGerman, faultsIn, tabTo, walkCard } from './keyboard-walk.js';
import { textFitLines } from './text-fit.js';
import { screenSettled } from './transitions-done.js';
import { expect, test } from './fixtures.js';

/*
 * The card dialogs (issue 44): a channel's and a campaign's form, the delete confirm they share
 * (ConfirmDelete), and the profile list's rename, remove and set-key dialogs. Each in German at
 * 1024×700: opened by Enter, the focus starts on its first field (a confirm: on Cancel, never on
 * the destructive button), Tab reaches every control including the × and stays inside, Escape
 * closes it, the × by Enter closes it, the focus goes back to the opener, no English word shows
 * on it and no label is cut or wrapped (light and dark); then the task is done by keyboard.
 * LAYOUT_SHOTS=<dir> also saves each dialog, light and dark, as a PNG there.
 */

test.describe('de at 1024×700: the card dialogs by keyboard alone', () => {
  test.use({ locale: 'de', viewport: { width: 1024, height: 700 } });

  test('a channel: its form and its delete confirm, walked, then a channel made and deleted by keyboard', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    await new AppFrame(page).open('channels');
    await expect(page.getByTestId('channels-view')).toBeVisible();
    const opener = page.getByTestId('channel-new');
    const dialog = page.getByTestId('channel-form-dialog');
    const name = dialog.getByTestId('channel-name');
    const problems = await walkCard(page, 'channel form', opener, dialog, name);

    // The task: a channel made by keyboard alone (Enter in the name sends the form).
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await page.keyboard.type('Frühjahrsaktion');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const row = page.getByTestId('channel-row').filter({ hasText: 'Frühjahrsaktion' });
    await expect(row).toHaveCount(1, { timeout: 30_000 });

    // Its delete confirm: opens on Abbrechen; Escape and × delete nothing.
    const del = row.getByTestId('channel-delete');
    const confirm = page.getByTestId('confirm-delete-dialog');
    problems.push(...(await walkCard(page, 'channel delete confirm', del, confirm, confirm.getByTestId('confirm-delete-no'))));
    await expect(row, 'Escape and × delete nothing').toHaveCount(1);
    // Then deleted by keyboard: Tab from Abbrechen (wrapping round the ×) to Löschen, Enter.
    await del.focus();
    await page.keyboard.press('Enter');
    await expect(confirm.getByTestId('confirm-delete-no')).toBeFocused();
    await tabTo(page, confirm.getByTestId('confirm-delete-yes'));
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden({ timeout: 30_000 });
    await expect(row).toHaveCount(0, { timeout: 30_000 });

    expect(problems).toEqual([]);
  });

  test('a campaign: its form walked, then a campaign made by keyboard', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    await new AppFrame(page).open('campaigns');
    await expect(page.getByTestId('campaigns-view')).toBeVisible();
    const opener = page.getByTestId('campaign-new');
    const dialog = page.getByTestId('campaign-form-dialog');
    const name = dialog.getByTestId('campaign-name');
    const problems = await walkCard(page, 'campaign form', opener, dialog, name);

    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await page.keyboard.type('Herbstkampagne');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByTestId('campaign-row').filter({ hasText: 'Herbstkampagne' })).toHaveCount(1, { timeout: 30_000 });

    expect(problems).toEqual([]);
  });

  test('the profiles: rename, remove and set-key dialogs walked, then a key set and a profile renamed by keyboard', async ({ app, service, remoteService }) => {
    test.setTimeout(300_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // Two profiles, the second current: the first's key is then taken from the e2e keychain, so it asks again.
    await connectGerman(new WelcomePage(page).connectForm.root, 'Gehosteter Dienst', remoteService);
    const frame = new AppFrame(page);
    await expect(frame.root).toBeVisible();
    await frame.open('settings');
    const settings = new SettingsPage(page);
    await connectGerman((await settings.openConnectForm()).root, 'Eigener Dienst', service);
    await expect(settings.currentMarker('Eigener Dienst')).toBeVisible();
    const hosted = settings.row('Gehosteter Dienst');
    const id = await hosted.getAttribute('data-profile-id');
    expect(id, 'the profile row names its id').toBeTruthy();
    expect(await app.secrets.delete(id!), 'the hosted profile had a key in the e2e keychain').toBe(true);
    await page.reload();
    await expect(page.locator('[data-app-state="ready"]')).toBeAttached();
    await frame.open('settings');
    await expect(hosted.getByTestId('profile-needs-key')).toBeVisible({ timeout: 30_000 });
    // The list behind the dialogs, with its widest row (four buttons), fits at 1024×700 too.
    const list = page.getByTestId('profile-list');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenSettled(page);
      for (const line of textFitLines(await faultsIn(page, list))) expect.soft(line, `the profile list (${scheme})`).toBe('');
      // Beyond text-fit.ts: a button pushed out of the card, a kind ("Entfernt") broken letter by letter.
      const squeezed = await list.evaluate((table) => {
        const out: string[] = [];
        const card = (table.closest('.n-card') ?? table.parentElement ?? table).getBoundingClientRect();
        for (const b of table.querySelectorAll('button')) {
          const r = b.getBoundingClientRect();
          if (r.right > card.right + 1) out.push(`"${(b.textContent ?? '').trim()}" ends at ${Math.round(r.right)}px, past the card's ${Math.round(card.right)}px`);
        }
        for (const kind of table.querySelectorAll('[data-testid=profile-kind]')) {
          const range = document.createRange();
          range.selectNodeContents(kind);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(`"${(kind.textContent ?? '').trim()}" runs over ${tops.size} lines`);
        }
        return out;
      });
      for (const line of squeezed) expect.soft(line, `the profile list (${scheme})`).toBe('');
    }
    await page.emulateMedia({ colorScheme: 'light' });

    const setKey = page.getByTestId('set-key-dialog');
    const problems = await walkCard(page, 'set key', hosted.getByTestId('profile-set-key'), setKey, setKey.getByTestId('set-key-input'));
    problems.push(...(await walkCard(page, 'rename', hosted.getByTestId('profile-rename'), settings.renameDialog, settings.renameDialog.getByTestId('rename-input'))));
    problems.push(...(await walkCard(page, 'remove', hosted.getByTestId('profile-remove'), settings.removeDialog, settings.removeDialog.getByTestId('remove-cancel'))));
    await expect(hosted, 'Escape and × remove nothing').toHaveCount(1);

    // The key set again by keyboard, into the e2e keychain.
    await hosted.getByTestId('profile-set-key').focus();
    await page.keyboard.press('Enter');
    await expect(setKey.getByTestId('set-key-input')).toBeFocused();
    await page.keyboard.type(remoteService.apiKey);
    await page.keyboard.press('Enter');
    await expect(setKey).toBeHidden({ timeout: 30_000 });
    await expect(hosted.getByTestId('profile-needs-key')).toHaveCount(0);
    expect(await app.secrets.get(id!), 'the key is back in the keychain').toBe(remoteService.apiKey);

    // Renamed by keyboard: the name field opens with the old name, replaced and sent by Enter.
    await hosted.getByTestId('profile-rename').focus();
    await page.keyboard.press('Enter');
    await expect(settings.renameDialog.getByTestId('rename-input')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Gehostet (Team)');
    await page.keyboard.press('Enter');
    await expect(settings.renameDialog).toBeHidden({ timeout: 30_000 });
    await expect(settings.row('Gehostet (Team)')).toHaveCount(1);

    expect(problems).toEqual([]);
  });
});
