import { AppFrame } from './pages/app-frame.js';
import { LinksPage } from './pages/links-page.js';
import { QrCodesPage } from './pages/qr-codes-page.js';
import { SettingsPage } from './pages/settings-page.js';
import { TransferDialog } from './pages/transfer-dialog.js';
import { WelcomePage } from './pages/welcome-page.js';
import { connectGerman, tabTo, unreached, walk } from './keyboard-walk.js';
import { screenSettled } from './transitions-done.js';
import { expect, test } from './fixtures.js';

/*
 * Issue 44 with issue 37: the main dialogs in German (the new-link bar, the link editor with its
 * folded UTM section, the delete confirm opened from a link's detail, the transfer dialog that copies
 * or moves links to another profile, and the QR-code form) by keyboard alone, at 1024×700. For each:
 * opened from its button by Enter, Tab reaches every control in it (each enabled, visible
 * focusable element), Escape closes it, and the focus goes back to the button that opened it.
 * One browser context for the whole walk, to keep the run short.
 */

const URL = 'https://example.com/tastatur-dialoge';

test.describe('de at 1024×700: the main dialogs by keyboard alone', () => {
  test.use({ locale: 'de', viewport: { width: 1024, height: 700 } });

  test('the new-link bar: Tab reaches every control, Escape closes, the focus goes back', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const links = new LinksPage(page);
    await links.create(URL);
    await expect(links.newLinkOutcome.getByTestId('new-link-short-url')).toBeVisible({ timeout: 30_000 });
    await links.newLinkOutcome.getByRole('button', { name: 'Schließen' }).click();
    await expect(links.rows).toHaveCount(1);
    const problems: string[] = [];

    problems.push(...(await walk(page, 'new link', links.newLinkButton, page.getByTestId('new-link-form'))));

    expect(problems).toEqual([]);
  });

  test('the link editor: Tab reaches the UTM toggle, and once opened every UTM field; Escape closes, the focus goes back', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const opener = page.getByTestId('open-link-editor');
    const editor = page.getByTestId('link-editor');
    const problems: string[] = [];

    // Folded: the toggle is a stop, the fields are not yet.
    problems.push(...(await walk(page, 'link editor', opener, editor)));

    // Opened by keyboard (Enter on the toggle): every UTM control is reached.
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(editor).toBeVisible();
    const toggle = editor.locator('details.link-editor__utm > summary');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const utm = editor.locator('details.link-editor__utm');
    await expect(utm).toHaveAttribute('open', '');
    for (const id of ['link-utm-source', 'link-utm-medium', 'link-utm-campaign', 'link-utm-term', 'link-utm-content', 'link-utm-save-template']) {
      await expect(utm.getByTestId(id), `${id} is in the opened section`).toBeVisible();
    }
    await toggle.focus();
    for (const label of await unreached(page, utm)) problems.push(`link editor, UTM opened: Tab never reaches "${label}"`);
    await toggle.focus();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden({ timeout: 10_000 });
    await screenSettled(page);
    await expect(opener, 'the focus is back on "Neuer Link mit Optionen"').toBeFocused();

    expect(problems).toEqual([]);
  });

  test("the delete confirm from a link's detail: Escape closes only the confirm, the link stays", async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const links = new LinksPage(page);
    await links.create(URL);
    await expect(links.newLinkOutcome.getByTestId('new-link-short-url')).toBeVisible({ timeout: 30_000 });
    await links.newLinkOutcome.getByRole('button', { name: 'Schließen' }).click();
    await expect(links.rows).toHaveCount(1);

    const list = page.getByTestId('resource-links');
    await list.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('link-detail-drawer');
    await expect(page.getByTestId('link-detail')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('link-detail-edit')).toBeFocused();
    await page.keyboard.press('Tab');
    const del = page.getByTestId('link-detail-delete');
    await expect(del).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('links-delete-confirm');
    await expect(confirm).toBeVisible();
    await screenSettled(page);
    for (const label of await unreached(page, confirm)) expect.soft(label, 'Tab reaches every control of the confirm').toBe('');
    await confirm.locator('[data-kbd-stop="0"]').focus();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden({ timeout: 10_000 });
    await screenSettled(page);
    await expect(links.rows, 'Escape deletes nothing').toHaveCount(1);
    await expect(drawer).toHaveCount(0);
    await expect(list, 'the focus is back on the list, its row current, as after the detail').toBeFocused();
    await expect(page.locator('.link-row--current')).toContainText('tastatur-dialoge');
  });
});

test.describe('de at 1024×700: the transfer dialog and the QR-code form by keyboard alone', () => {
  test.use({ locale: 'de', viewport: { width: 1024, height: 700 } });

  test('the transfer dialog: Tab reaches each choice and button, Escape closes, the focus goes back to "Kopieren oder verschieben"', async ({ app, service, remoteService }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await service.ok('POST', '/api/url/add', { url: URL, custom: 'tastatur-transfer' });
    // Two profiles, the second (with the link) current: the dialog offers the first as the target.
    await connectGerman(new WelcomePage(page).connectForm.root, 'Gehosteter Dienst', remoteService);
    const frame = new AppFrame(page);
    await expect(frame.root).toBeVisible();
    await frame.open('settings');
    const settings = new SettingsPage(page);
    await connectGerman((await settings.openConnectForm()).root, 'Eigener Dienst', service);
    await expect(settings.currentMarker('Eigener Dienst')).toBeVisible();
    await frame.open('links');
    const links = new LinksPage(page);
    await expect(links.rows).toHaveCount(1, { timeout: 30_000 });
    await links.rows.first().getByTestId('link-row-check').click();
    const dialog = new TransferDialog(page);
    const problems: string[] = [];

    problems.push(...(await walk(page, 'transfer', dialog.openButton, dialog.root)));

    // After the dry run (started by keyboard) the dialog holds more: the plan and its start button.
    await dialog.openButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.root).toBeVisible();
    // It opens on its first choice, the chosen target: not on its ×, where Enter would close it.
    await expect(dialog.root.getByTestId('transfer-target').getByRole('radio', { checked: true }), 'the focus starts on the chosen target').toBeFocused();
    await tabTo(page, dialog.check);
    await page.keyboard.press('Enter');
    await expect(dialog.plan).toBeVisible({ timeout: 30_000 });
    await dialog.check.focus();
    for (const label of await unreached(page, dialog.root)) problems.push(`transfer, after the check: Tab never reaches "${label}"`);
    // The dialog keeps the focus: Tab from its last control comes back into it, never to the page behind.
    for (let presses = 0; presses < 30; presses++) {
      await page.keyboard.press('Tab');
      if (!(await dialog.root.evaluate((el) => el.contains(document.activeElement)))) {
        problems.push('transfer: Tab leaves the dialog for the page behind it');
        break;
      }
    }
    await dialog.check.focus();
    await page.keyboard.press('Escape');
    await expect(dialog.root).toBeHidden({ timeout: 10_000 });
    await screenSettled(page);
    await expect(dialog.openButton, 'the focus is back on its opener after the check').toBeFocused();

    expect(problems).toEqual([]);
  });

  test('the QR-code form: Tab reaches every field and button, Escape closes it, the focus goes back to "Neuer QR-Code"', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const qrs = new QrCodesPage(page);
    await qrs.open();
    await expect(qrs.view).toBeVisible();
    const problems: string[] = [];

    problems.push(...(await walk(page, 'QR form', page.getByTestId('qr-add'), qrs.form)));

    // Escape inside the open type list closes the list only; the next one closes the form.
    await page.getByTestId('qr-add').focus();
    await page.keyboard.press('Enter');
    await expect(qrs.form).toBeVisible();
    const type = qrs.form.getByTestId('qr-type');
    await expect.poll(() => type.evaluate((el) => el.contains(document.activeElement)), { message: 'the form opens with the focus on its first field' }).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator('.n-base-select-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.n-base-select-menu')).toBeHidden();
    await expect(qrs.form, 'Escape on the open list leaves the form open').toBeVisible();
    await page.keyboard.press('Escape');
    await expect(qrs.form).toBeHidden();
    await expect(page.getByTestId('qr-add')).toBeFocused();

    expect(problems).toEqual([]);
  });
});
