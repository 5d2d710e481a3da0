import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { WelcomePage } from './pages/welcome-page.js';
import { screenSettled } from './transitions-done.js';

/*
 * Issue 37, item 6: tasks by keyboard alone, asserting after each step where the focus is (it is
 * placed where the task continues) and that it can be seen.
 */

const URL_A = 'https://example.com/keyboard-first';
const URL_B = 'https://example.com/keyboard-second';

test('create, find, open, edit and delete a link by keyboard alone, the focus where each task continues', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  await expect(page.getByTestId('links-list')).toBeVisible();

  // Create: Ctrl+K, "New link", Enter: the focus is in the URL field at once.
  for (const url of [URL_A, URL_B]) {
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('palette-input')).toBeFocused();
    await page.keyboard.type('New link');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('new-link-url')).toBeFocused();
    await page.keyboard.type(url);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('new-link-short-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/, { timeout: 30_000 });
    await page.keyboard.press('Escape');
  }
  await expect(page.getByTestId('resource-row').filter({ hasText: 'keyboard-second' })).toBeVisible();

  // Find and open: Ctrl+K, a word of the URL, Enter: the detail opens with the focus on its Edit.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('keyboard-first');
  await expect(page.getByTestId('palette-item').first()).toContainText('keyboard-first');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('link-detail')).toHaveAttribute('data-status', 'ready');
  const edit = page.getByTestId('link-detail-edit');
  await expect(edit).toBeFocused();
  // The focus can be seen: a ring (outline or box shadow) on the focused control.
  expect(await edit.evaluate((el) => { const s = getComputedStyle(el); return s.outlineStyle !== 'none' || s.boxShadow !== 'none'; })).toBe(true);

  // Escape: the list has the focus and the link's row is current, so Delete acts on it.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-detail-drawer')).toHaveCount(0);
  await expect(page.getByTestId('resource-links')).toBeFocused();
  await expect(page.locator('.link-row--current')).toContainText('keyboard-first');
  const alias = (await page.locator('.link-row--current').getByTestId('link-row-alias').textContent()) ?? '';
  expect(alias).not.toBe('');

  // Edit: E on the current row opens the editor; Escape closes it.
  await page.keyboard.press('e');
  await expect(page.getByTestId('link-editor')).toBeVisible();
  await expect(page.getByTestId('link-editor').getByTestId('link-url')).toHaveValue(URL_A, { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-editor')).toHaveCount(0);

  // Delete from the detail: Enter opens the current row, Tab to Delete, Enter, and the dialog's Delete.
  await page.getByTestId('resource-links').focus();
  await page.keyboard.press('Enter');
  await expect(edit).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('link-detail-delete')).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`/${alias}?`);
  // The dialog places the focus when its opening transition ends: wait for it, or a focus given
  // during the fade is taken back and Enter goes elsewhere (seen once on a cold run).
  await screenSettled(page);
  const confirm = dialog.getByRole('button', { name: 'Delete' });
  await confirm.focus();
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('resource-row').filter({ hasText: 'keyboard-first' })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('resource-links')).toBeFocused();
});

test('the sidebar shows where the keyboard focus is, unlike a hover', async ({ app }) => {
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  const nav = page.getByTestId('nav-channels');
  await nav.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(nav).toBeFocused();
  const ring = await nav.evaluate((a) => getComputedStyle(a.closest('.n-menu-item-content') as Element).outlineStyle);
  expect(ring).toBe('solid');
  // Enter follows the link: the section opens.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('page-title')).toHaveText('Channels');
});

/** Presses Tab (or Shift+Tab) until the element with `testId` has the focus; fails after `max` presses. */
async function tabTo(page: import('@playwright/test').Page, testId: string, { back = false, max = 40 } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return presses;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${testId}`);
}

test('export the links list to CSV by keyboard alone, the focus back on Export', async ({ app }) => {
  test.setTimeout(90_000);
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  await expect(page.getByTestId('links-list')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette-input')).toBeFocused();
  await page.keyboard.type('New link');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('new-link-url')).toBeFocused();
  await page.keyboard.type(URL_A);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('new-link-short-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/, { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('resource-row').filter({ hasText: 'keyboard-first' })).toBeVisible();

  // From the list, back to the toolbar's Export: Enter opens its menu, arrows choose, Enter saves.
  await page.getByTestId('resource-links').focus();
  await tabTo(page, 'links-export', { back: true });
  const exportButton = page.getByTestId('links-export');
  expect(await exportButton.evaluate((el) => { const s = getComputedStyle(el); return s.outlineStyle !== 'none' || s.boxShadow !== 'none'; })).toBe(true);
  await page.keyboard.press('Enter');
  const csvAll = page.locator('.n-dropdown-option').filter({ hasText: 'CSV of all links' });
  await expect(csvAll).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(csvAll.locator('.n-dropdown-option-body--pending')).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await download.path()).toString('utf8')).toContain(URL_A);
  // The menu closed and the focus is where it was: on Export, for the next export.
  await expect(page.locator('.n-dropdown-option')).toHaveCount(0);
  await expect(exportButton).toBeFocused();
});

test('create a QR code and export it by keyboard alone, the focus where each step continues', async ({ app }) => {
  test.setTimeout(90_000);
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  await expect(page.getByTestId('links-list')).toBeVisible();

  // The section from the sidebar: Tab to it, Enter.
  await tabTo(page, 'nav-qrs');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('page-title')).toHaveText('QR codes');

  // "New QR code": the form opens with the focus in its first field (the type).
  await tabTo(page, 'qr-add');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('qr-form')).toBeVisible();
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="qr-type"]'))).toBe(true);
  await tabTo(page, 'qr-name');
  await page.keyboard.type('Keyboard poster');
  await tabTo(page, 'qr-field-data');
  await page.keyboard.type('https://example.com/keyboard-qr');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('qr-form')).toHaveCount(0, { timeout: 30_000 });
  // The form closed: the focus is back on "New QR code", not lost on the page.
  await expect(page.getByTestId('qr-add')).toBeFocused();

  // Export: Tab to the code's checkbox, Space, back to "Export selected", Enter.
  const select = page.getByTestId('qr-select').first();
  await expect(select).toBeEnabled({ timeout: 30_000 });
  await tabTo(page, 'qr-select');
  await page.keyboard.press('Space');
  await expect(select).toBeChecked();
  await tabTo(page, 'qr-export-selected', { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('qr-designer')).toBeVisible();
  // The designer opens with the focus on its export, ready for Enter.
  const png = page.getByTestId('qr-export-png');
  await expect(png).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('Keyboard-poster.png');
  await expect(page.getByTestId('qr-designer-done')).toBeVisible();
  await expect(png).toBeFocused();
});
