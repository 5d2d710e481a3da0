import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppFrame } from './pages/app-frame.js';
import { LinkEditorPage } from './pages/link-editor-page.js';
import { UtmFieldsPage } from './pages/utm-fields-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

test('UTM templates: saved in the editor, applied to a new link, sent on its long URL', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await new WelcomePage(page).connectForm.connect({ name: 'UTM service', baseUrl: service.url, apiKey: service.apiKey });
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('links');
  await expect(page.getByTestId('links-total')).toBeVisible({ timeout: 30_000 });

  // Save a template from the editor's UTM fields.
  await page.getByTestId('open-link-editor').click();
  let editor = new LinkEditorPage(page);
  await expect(editor.root).toHaveAttribute('data-phase', 'editing');
  await editor.setUtm({ source: 'newsletter', medium: 'email', campaign: 'spring sale' });
  let utm = new UtmFieldsPage(page, editor.root, 'link-utm');
  await utm.saveTemplate.click();
  await utm.templateSave.click();
  await expect(utm.templateNameMessage).toContainText('Give the template a name');
  await utm.templateName.fill('Spring newsletter');
  await utm.templateSave.click();
  await expect(utm.notice).toHaveText('Saved as the template "Spring newsletter".');
  // App-wide, in the data directory (not in a profile's).
  const file = join(app.dataDir, 'utm-templates.json');
  expect(existsSync(file)).toBe(true);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
    version: 1,
    templates: [{ name: 'Spring newsletter', params: { source: 'newsletter', medium: 'email', campaign: 'spring sale' } }],
  });
  await editor.root.getByTestId('link-editor-cancel').click();
  await expect(editor.root).toBeHidden();

  // A fresh page: the template comes from the backend, not from this window's memory.
  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeAttached();
  await frame.open('links');
  await page.getByTestId('open-link-editor').click();
  editor = new LinkEditorPage(page);
  await expect(editor.root).toHaveAttribute('data-phase', 'editing');
  // What was typed before was kept as a draft: start from an empty form.
  await editor.root.getByTestId('link-editor-discard-draft').click();
  utm = new UtmFieldsPage(page, editor.root, 'link-utm');
  await expect(utm.field('source')).toHaveValue('');

  await editor.url.fill('https://example.com/spring?ref=e2e#top');
  const details = editor.root.locator('details.link-editor__utm');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await utm.apply('Spring newsletter');
  await expect(utm.field('source')).toHaveValue('newsletter');
  await expect(utm.field('medium')).toHaveValue('email');
  await expect(utm.field('campaign')).toHaveValue('spring sale');
  await expect(editor.root.getByTestId('link-utm-result')).toHaveText(
    'Sent as: https://example.com/spring?ref=e2e&utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale#top',
  );

  await editor.submit.click();
  await expect(editor.shortUrl).toHaveText(/^https?:\/\/\S+$/, { timeout: 30_000 });
  const shortUrl = (await editor.shortUrl.textContent()) ?? '';

  const res = await fetch(`${service.url}/api/urls?limit=100`, { headers: { Authorization: `Bearer ${service.apiKey}` } });
  const urls = ((await res.json()) as { data: { urls: Array<{ shorturl: string; longurl: string }> } }).data.urls;
  const created = urls.find((u) => u.shorturl === shortUrl);
  expect(created, `the service has the link ${shortUrl}`).toBeDefined();
  const longUrl = new URL(created!.longurl);
  expect(`${longUrl.origin}${longUrl.pathname}`).toBe('https://example.com/spring');
  expect(longUrl.searchParams.get('ref')).toBe('e2e');
  expect(longUrl.searchParams.get('utm_source')).toBe('newsletter');
  expect(longUrl.searchParams.get('utm_medium')).toBe('email');
  expect(longUrl.searchParams.get('utm_campaign')).toBe('spring sale');
});
