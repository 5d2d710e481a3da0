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

  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette-input')).toBeFocused({ timeout: 30_000 });
  expect(paletteCode()).toHaveLength(1);
  await page.keyboard.type('palette-first');
  await expect(page.getByTestId('palette-item').first()).toContainText('palette-first');
});
