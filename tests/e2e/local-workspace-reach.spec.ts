import { expect, test } from './fixtures.js';
import { AppFrame } from './pages/app-frame.js';
import { LinksPage } from './pages/links-page.js';
import { LocalWorkspace } from './pages/local-workspace.js';
import { WelcomePage } from './pages/welcome-page.js';

/**
 * Issue 22: the local workspace says where its short links open. Without a public address every
 * place that shows one says "only on this computer"; with one the notice is gone and what is
 * copied carries the public address. The address does not resolve here, so the check fails in
 * words and the address is saved marked not verified, as a user may choose.
 */
const PUBLIC = 'https://go.example.test';

test('the notice shows without a public address and is gone with one; the copied short URL uses it', async ({ app, context }) => {
  const { page } = app;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.shell.url });
  const workspace = new LocalWorkspace(page);
  await expect(workspace.welcomeWords).toContainText('open only on this computer');
  await new WelcomePage(page).useLocalWorkspace();
  const frame = new AppFrame(page);
  const links = new LinksPage(page);

  await expect(workspace.notice('links')).toContainText('open only on this computer');
  await expect(workspace.notice('links')).toContainText('Public address');
  await links.create('https://example.com/reach');
  await expect(links.newLinkOutcome.getByTestId('new-link-short-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\//);
  await expect(workspace.notice('new-link')).toContainText('Opens only on this computer');

  await frame.open('settings');
  await expect(workspace.card).toBeVisible();
  // Bad input is said next to the field, and nothing is saved.
  await workspace.addressInput.fill('https://go.example.test/links');
  await expect(workspace.fieldError()).toContainText('Remove the path');
  await workspace.addressInput.fill(PUBLIC);
  await workspace.save.click();
  await expect(workspace.problem).toContainText('go.example.test');
  await expect(workspace.save).toHaveText('Save anyway (not verified)');
  await workspace.save.click();
  await expect(workspace.savedState).toContainText(`Saved: ${PUBLIC}`);
  await expect(workspace.savedState).toContainText('not verified');
  await expect(workspace.notice('settings')).toHaveCount(0);

  await frame.open('links');
  await expect(links.row('example.com/reach')).toBeVisible();
  await expect(workspace.notice('links')).toHaveCount(0);
  await links.open('example.com/reach');
  await expect(links.detail.getByTestId('link-detail-short')).toContainText(`${PUBLIC}/`);
  await expect(workspace.notice('link-detail')).toHaveCount(0);
  await links.detail.getByTestId('link-detail-copy').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${PUBLIC.replace(/\./g, '\\.')}/\\w+`));

  // Removing it goes back to loopback, and the words come back.
  await links.closeDetail();
  await frame.open('settings');
  await workspace.remove.click();
  await expect(workspace.savedState).toHaveCount(0);
  await frame.open('links');
  await expect(workspace.notice('links')).toBeVisible();
});
