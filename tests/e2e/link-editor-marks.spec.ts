import { LinksPage } from './pages/links-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

/*
 * Issue 37, item 2: the full editor marks only the long URL as required, shows no placeholder of
 * the component library, says its title once (the drawer's), and its result offers Copy as the
 * quick form does.
 */
test('the full editor: one required mark, no library placeholder, the title once, and Copy on the result', async ({ app }) => {
  test.setTimeout(90_000);
  const { page } = app;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await new WelcomePage(page).useLocalWorkspace();
  await page.getByTestId('open-link-editor').click();
  const editor = page.getByTestId('link-editor');
  await expect(editor).toBeVisible();

  // Naive UI draws its required mark as an asterisk after the label.
  const marks = editor.locator('.n-form-item-label__asterisk');
  await expect(marks).toHaveCount(1);
  await expect(editor.locator('[data-field="url"] .n-form-item-label__asterisk')).toHaveCount(1);
  const placeholders = await page.evaluate(() =>
    [...document.querySelectorAll('[placeholder], .n-base-selection-placeholder')].map((el) => el.getAttribute('placeholder') ?? el.textContent ?? ''),
  );
  expect(placeholders.filter((p) => /please (input|select)/i.test(p))).toEqual([]);
  await expect(page.locator('.n-drawer').getByText('New short link', { exact: true })).toHaveCount(1);

  await editor.getByTestId('link-url').fill('https://example.com/copy-me');
  await editor.getByTestId('link-editor-submit').click();
  const shown = editor.getByTestId('link-editor-short-url');
  await expect(shown).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/, { timeout: 30_000 });
  await editor.getByTestId('link-editor-copy').click();
  await expect(editor.getByTestId('link-editor-copied')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await shown.textContent());
  await expect(new LinksPage(page).row('example.com/copy-me')).toBeVisible();
});
