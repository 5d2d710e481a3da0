import { AppFrame } from './pages/app-frame.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

/**
 * What the Links view's first screen loads (issue 15, first rows): code that the first rows do
 * not need is fetched when it is first used, not while they load.
 */
test('links view: the command palette\'s code is fetched when the palette is first opened, not with the first rows', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await service.ok('POST', '/api/url/add', { url: 'https://example.com/palette', custom: 'palette-first', metatitle: 'Palette first' });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const paletteCode = () => requested.filter((path) => /\/CommandPalette-[^/]*\.js$/.test(path));

  await new WelcomePage(page).connectForm.connect({ name: 'First screen', baseUrl: service.url, apiKey: service.apiKey });
  await new AppFrame(page).open('links');
  await expect(page.getByTestId('link-row-title')).toHaveText(['Palette first'], { timeout: 30_000 });
  // The view is up (its rows and its filter menus, made a frame after the rows).
  await expect(page.getByTestId('links-filter-channel')).toBeVisible();
  expect(paletteCode(), 'the palette was fetched with the first screen').toEqual([]);
  // The app's code came without a modulepreload link per file: Vite's helper inserted ~70 of them
  // in a block of script that held the first rows' frame (electron.vite.config.ts). The first
  // script's own links (index.html) stay.
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(preloads.filter((href) => /\/(profiles|message-ref|router)-[^/]*\.js$/.test(href))).toEqual([]);

  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette-input')).toBeFocused({ timeout: 30_000 });
  expect(paletteCode()).toHaveLength(1);
  await page.keyboard.type('palette-first');
  await expect(page.getByTestId('palette-item').first()).toContainText('palette-first');
});

test('links view: the first rows are on screen before the app\'s code has loaded, and give way to the app\'s own list', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await service.ok('POST', '/api/url/add', { url: 'https://example.com/first-paint', custom: 'first-paint', metatitle: 'Drawn before the app' });
  await new WelcomePage(page).connectForm.connect({ name: 'First paint', baseUrl: service.url, apiKey: service.apiKey });
  await new AppFrame(page).open('links');
  await expect(page.getByTestId('link-row-title')).toHaveText(['Drawn before the app'], { timeout: 30_000 });

  // Hold the app's code back on the next load: only the page's first script runs.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-start-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  const drawn = page.getByTestId('first-paint');
  await expect(drawn.getByTestId('first-paint-row')).toHaveCount(1, { timeout: 30_000 });
  await expect(drawn.getByTestId('first-paint-row')).toContainText(['Drawn before the app']);
  await expect(drawn).toContainText('1 link');
  await expect(drawn).not.toContainText('1 links');
  await expect(page.getByTestId('link-row')).toHaveCount(0);

  release();
  await expect(page.getByTestId('link-row-title')).toHaveText(['Drawn before the app'], { timeout: 30_000 });
  await expect(drawn).toHaveCount(0);
  // The app's own list is what takes input now.
  await page.getByTestId('links-search').fill('first');
  await expect(page.getByTestId('link-row-title')).toHaveText(['Drawn before the app']);
});
