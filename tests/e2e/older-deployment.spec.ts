import { AppFrame } from './pages/app-frame.js';
import { LinkEditorPage } from './pages/link-editor-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';
import { startDeploymentDouble, type DeploymentDouble } from '../support/deployment-double.js';

/*
 * The app against a scripted 6.1-era deployment (issue 14): account, links, overlays and splash
 * pages only; every other path answers the site's HTML "Page not found". The links are mirrored,
 * the sections the service lacks say so, and a manual refresh finds a collection it gained.
 */

const LINKS = 5;

let double: DeploymentDouble | undefined;

test.afterEach(async () => {
  await double?.close();
  double = undefined;
});

test('an older deployment: links mirrored, missing sections "not offered by this service", found again once the service has them', async ({ app }) => {
  test.setTimeout(120_000);
  double = await startDeploymentDouble({
    missing: ['/api/domain', '/api/channel', '/api/campaign', '/api/pixel'].map((prefix) => ({ prefix, answer: 'html-404' as const })),
    overlays: [{ id: 1, type: 'message', name: 'Spring banner', date: '2024-03-01 10:00:00' }],
    splash: [{ id: 7, name: 'Welcome page', date: '2024-03-03 10:00:00' }],
  });
  for (let i = 1; i <= LINKS; i++) {
    double.seed('link', {
      alias: `old${i}`,
      shorturl: `${double.url}/old${i}`,
      longurl: `https://example.com/older/${i}`,
      title: `Older link ${i}`,
      description: '',
      clicks: 0,
      date: '2024-01-01 00:00:00',
    });
  }
  const { page } = app;
  const frame = new AppFrame(page);
  await new WelcomePage(page).connectForm.connect({ name: 'Older service', baseUrl: double.url, apiKey: double.key });
  await expect(frame.root).toBeVisible();
  await frame.open('links');
  await expect(page.getByTestId('links-total')).toHaveText(` · ${LINKS} links`, { timeout: 30_000 });

  await frame.open('domains');
  const notice = page.getByTestId('not-offered');
  await expect(notice).toContainText('Branded domains: not offered by this service');
  await expect(notice).toContainText('This service does not offer branded domains: it answered HTTP 404 with a web page to GET /api/domains.');
  await expect(page.getByTestId('domain-add')).toBeDisabled();
  await expect(page.getByTestId('domain-add')).toHaveAttribute('title', 'This service does not offer branded domains.');

  await frame.open('channels');
  await expect(notice).toContainText('Channels: not offered by this service');
  await expect(page.getByTestId('channel-new')).toBeDisabled();

  // Overlays and splash pages are offered: listed, no notice.
  await frame.open('overlays');
  await expect(page.getByTestId('resource-overlays')).toContainText('Spring banner');
  await expect(notice).toHaveCount(0);

  // The link editor: the pickers of what the service lacks are disabled, with the reason.
  await frame.open('links');
  await page.getByTestId('open-link-editor').click();
  const editor = new LinkEditorPage(page);
  await expect(page.locator('[data-field="campaign"]')).toContainText('Not offered by this service: it has no campaigns');
  await expect(page.locator('[data-field="campaign"] .n-base-selection--disabled')).toHaveCount(1);
  await expect(page.locator('[data-field="channel"] .n-base-selection--disabled')).toHaveCount(1);
  // A short password is warned about, not refused.
  await editor.password.fill('abc');
  await expect(page.locator('[data-field="password"]')).toContainText('A password of 3 characters is easy to guess');
  await page.getByTestId('link-editor-cancel').click();

  // The deployment is upgraded: a manual refresh of the section finds its domains.
  double.offer('/api/domain');
  double.seed('domain', { domain: 'https://go.older.test', redirectroot: '', redirect404: '' });
  await frame.open('domains');
  await page.getByTestId('not-offered-ask').click();
  await expect(page.getByTestId('resource-domains')).toContainText('go.older.test');
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('domain-add')).toBeEnabled();
});
