import { expect, KEYCHAIN_REASON, test, type RemoteService } from './fixtures.js';
import { AccountPage } from './pages/account-page.js';
import { AppFrame } from './pages/app-frame.js';
import { SettingsPage } from './pages/settings-page.js';
import { WelcomePage } from './pages/welcome-page.js';
import type { Page } from '@playwright/test';

const LOCAL = 'Local workspace';
const REMOTE = 'Remote test service';

/** First run → the local workspace, then a second profile connected to the remote service. */
async function localThenRemote(page: Page, remote: RemoteService) {
  await new WelcomePage(page).useLocalWorkspace();
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('settings');
  const settings = new SettingsPage(page);
  const form = await settings.openConnectForm();
  await form.connect({ name: REMOTE, baseUrl: remote.url, apiKey: remote.apiKey });
  await expect(settings.currentMarker(REMOTE)).toBeVisible();
  return { frame, settings };
}

test('first run: the local workspace opens and shows its account', async ({ app }) => {
  const { page } = app;
  const welcome = new WelcomePage(page);
  await expect(welcome.root).toBeVisible();
  await expect(welcome.useLocalButton).toBeVisible();

  await welcome.useLocalWorkspace();

  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await expect(frame.currentProfile()).toHaveText(/Local workspace/);
  await expect(frame.keychainBanner).toContainText(KEYCHAIN_REASON);
  await expect(frame.connection).toHaveText('Online');
  // The local workspace runs without a rate limit; the meter says so rather than counting.
  await expect(frame.budgetMeter).toContainText('No rate limit');

  await frame.open('account');
  const account = new AccountPage(page);
  await expect(frame.pageTitle).toHaveText('Account');
  await expect(account.email).toHaveText('you@localhost');
  await expect(account.plan).not.toHaveText('—');
});

test('the sections show the local service’s lists', async ({ app }) => {
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  const frame = new AppFrame(page);

  await frame.open('links');
  await expect(page.getByTestId('resource-links')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('resource-links').getByTestId('resource-empty')).toHaveText('No short links yet.');

  // A new local user gets two sample overlays and two sample splash pages.
  await frame.open('overlays');
  await expect(frame.pageTitle).toHaveText('Overlays & splash');
  await expect(page.getByTestId('read-only-note')).toContainText('made on the service’s website');
  await expect(page.getByTestId('resource-overlays').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('resource-splash').locator('tbody tr')).toHaveCount(2);
});

test('connecting a second profile: a wrong key gets a clear error, the right key connects', async ({ app, remoteService }) => {
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  const frame = new AppFrame(page);
  await frame.open('settings');
  const settings = new SettingsPage(page);
  const form = await settings.openConnectForm();

  // Validation first: nothing is sent while a field is wrong.
  await form.submitButton.click();
  await expect(form.nameError).toBeVisible();
  await expect(form.baseUrlError).toBeVisible();
  await expect(form.apiKeyError).toBeVisible();

  await form.connect({ name: REMOTE, baseUrl: remoteService.url, apiKey: 'not-the-right-key' });

  await expect(form.error).toContainText('The service refused this API key.');
  await expect(form.apiKey).toHaveValue('');
  await expect.poll(() => settings.profileNames()).toEqual([LOCAL]);

  await form.apiKey.fill(remoteService.apiKey);
  await form.submitButton.click();

  await expect(settings.currentMarker(REMOTE)).toBeVisible();
  await expect.poll(() => settings.profileNames()).toEqual([LOCAL, REMOTE]);
  await expect(settings.row(REMOTE)).toContainText(remoteService.url);
  await expect(settings.row(REMOTE)).toContainText('Remote service');
  await expect(frame.currentProfile()).toHaveText(REMOTE);
  await expect(frame.budgetMeter).toContainText(/\d+ of 30 requests left/);

  await frame.open('account');
  await expect(new AccountPage(page).email).toHaveText(remoteService.email);
});

test('the rate meter\'s bar shows the share left and changes in one step: nothing in it changes size over time', async ({ app, remoteService }) => {
  const { page } = app;
  const { frame } = await localThenRemote(page, remoteService);
  const text = page.getByTestId('budget-text');
  await expect(text).toHaveText(/\d+ of 30 requests left/);

  const meter = await frame.budgetMeter.evaluate((root) => {
    // Colours may fade (the words turn to warning); nothing may change its size or place over time.
    const colour = /^(color|background-color|border(-\w+)?-color|outline-color|fill|stroke|opacity|text-decoration-color|caret-color)$/;
    const moving = [root, ...root.querySelectorAll('*')].flatMap((el) => {
      const style = getComputedStyle(el);
      const durations = style.transitionDuration.split(',').map(parseFloat);
      const properties = style.transitionProperty.split(',').map((p) => p.trim());
      const sized = properties.filter((p, i) => (durations[i % durations.length] ?? 0) > 0 && !colour.test(p));
      const animated = style.animationName !== 'none' && style.animationDuration.split(',').some((d) => parseFloat(d) > 0);
      return sized.length > 0 || animated ? [`${el.className}: ${sized.join(' ')}${animated ? ` animation ${style.animationName}` : ''}`] : [];
    });
    const fill = root.querySelector<HTMLElement>('[data-testid="budget-fill"]');
    const rail = fill?.parentElement;
    return { moving, share: fill && rail ? fill.getBoundingClientRect().width / rail.getBoundingClientRect().width : null };
  });
  // A transition on the bar was a layout of the whole window at every frame for 0.2 s at each change.
  expect(meter.moving).toEqual([]);
  const [left, limit] = ((await text.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
  expect(meter.share).toBeCloseTo((left ?? NaN) / (limit ?? NaN), 1);
});

test('switching profiles changes whose account is shown', async ({ app, remoteService }) => {
  const { page } = app;
  const { frame } = await localThenRemote(page, remoteService);
  await frame.open('account');
  const account = new AccountPage(page);
  await expect(account.email).toHaveText(remoteService.email);

  await frame.switchProfile(LOCAL);

  await expect(frame.currentProfile()).toHaveText(/Local workspace/);
  await expect(account.email).toHaveText('you@localhost');

  await frame.switchProfile(REMOTE);
  await expect(account.email).toHaveText(remoteService.email);
});

test('renaming a profile shows the new name everywhere', async ({ app }) => {
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  const frame = new AppFrame(page);
  await frame.open('settings');
  const settings = new SettingsPage(page);

  await settings.rename(LOCAL, 'My links');

  await expect(settings.renameDialog).toBeHidden();
  await expect.poll(() => settings.profileNames()).toEqual(['My links']);
  await expect(frame.currentProfile()).toHaveText('My links');
});

test('removing a profile says what is deleted and takes it away', async ({ app, remoteService }) => {
  const { page } = app;
  const { settings } = await localThenRemote(page, remoteService);
  await settings.switchTo(LOCAL);
  await expect(settings.currentMarker(LOCAL)).toBeVisible();

  const consequence = await settings.askToRemove(REMOTE);

  // The fixture has no keychain: the dialog says where the key really is.
  await expect(consequence).toContainText('deletes its API key (kept in memory for this session)');
  await expect(consequence).toContainText('the data Linkdeck keeps for it');
  await settings.confirmRemove();

  await expect(settings.row(REMOTE)).toHaveCount(0);
  await expect.poll(() => settings.profileNames()).toEqual([LOCAL]);
  await expect(settings.currentMarker(LOCAL)).toBeVisible();
});
