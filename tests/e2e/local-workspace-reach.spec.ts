import { expect, test } from './fixtures.js';
import { AppFrame } from './pages/app-frame.js';
import { LinksPage } from './pages/links-page.js';
import { LocalWorkspace } from './pages/local-workspace.js';
import { WelcomePage } from './pages/welcome-page.js';

/**
 * Issues 22 and 32: the local workspace says where its short links open. Without a public
 * address every place that shows one says "only on this computer, while Linkdeck runs", the QR
 * code included (in the image itself). The address does not resolve here, so the check fails in
 * words and the address is saved marked not verified, as a user may choose: then every place
 * says it is not verified (list row, detail, copy, QR code), and what is copied carries it.
 */
const PUBLIC = 'https://go.example.test';

test('the notice shows without a public address, says "not verified" with an unverified one, in the QR code too; the copied short URL uses the address', async ({ app, context }) => {
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

  // The QR code of a local-only link says so, in the image (a printed code has no app around it).
  await links.open('example.com/reach');
  await expect(workspace.notice('link-qr')).toContainText('Opens only on this computer');
  const qr = links.detail.getByTestId('link-qr');
  await expect(qr).toHaveAttribute('data-ready', 'true');
  await expect(qr).toHaveAttribute('data-captioned', 'true');
  await expect(qr.getByTestId('link-qr-image')).toHaveAttribute('alt', /Opens only on the computer that made it/);
  // The downloaded PNG is the code with the words drawn under it: taller than wide.
  const png = await qr.getByTestId('link-qr-png').getAttribute('href');
  const shape = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src ?? '';
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, png);
  expect(shape.height).toBeGreaterThan(shape.width);
  await links.closeDetail();

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
  // Saved anyway, the notices stay: they now say the address is not verified.
  await expect(workspace.notice('settings')).toHaveAttribute('data-reach', 'unverified');
  await expect(workspace.notice('settings')).toContainText(`These short links use ${PUBLIC}`);

  await frame.open('links');
  await expect(links.row('example.com/reach')).toBeVisible();
  await expect(workspace.notice('links')).toContainText('not verified');
  await expect(workspace.rowMark('example.com/reach')).toHaveText('not verified');
  await links.open('example.com/reach');
  await expect(links.detail.getByTestId('link-detail-short')).toContainText(`${PUBLIC}/`);
  await expect(workspace.notice('link-detail')).toContainText('Public address not verified');
  await expect(workspace.notice('link-qr')).toContainText('Public address not verified');
  await expect(qr.getByTestId('link-qr-image')).toHaveAttribute('alt', new RegExp(`${PUBLIC.replace(/\./g, '\\.')}/\\w+\\. Address not verified`));
  await links.detail.getByTestId('link-detail-copy').click();
  await expect(links.detail.getByTestId('link-detail-copy-note')).toContainText('Public address not verified');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${PUBLIC.replace(/\./g, '\\.')}/\\w+`));

  // Copied from the list (C on the row the detail was opened from), the words come along too.
  await links.closeDetail();
  await page.keyboard.press('c');
  await expect(page.getByTestId('notices').locator('p[data-kind="warning"]').last()).toContainText(new RegExp(`^Copied ${PUBLIC.replace(/\./g, '\\.')}/\\w+\\. Public address not verified`));

  // Removing it goes back to loopback, and the words come back.
  await frame.open('settings');
  await workspace.remove.click();
  await expect(workspace.savedState).toHaveCount(0);
  await frame.open('links');
  await expect(workspace.notice('links')).toHaveAttribute('data-reach', 'this-computer');
  await expect(workspace.rowMark('example.com/reach')).toHaveText('this computer');
});
