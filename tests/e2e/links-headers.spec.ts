import { AppFrame } from './pages/app-frame.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

/**
 * The links list's column headers against a real local service: a click sorts the mirror query
 * (the backend's order, not the rows on screen), a second click turns it round, and the header
 * says the order; the alias stays whole in the short-link column while its host is cut.
 */
const LINKS = [
  // alias, long URL, title: each order is different from the others and from the date order.
  { alias: 'kiwi-news-2026', url: 'https://b.example.com/kiwi', title: 'Kiwi news' },
  { alias: 'apple-pie', url: 'https://d.example.com/apple', title: 'Apple pie recipe' },
  { alias: 'zebra-crossing', url: 'https://a.example.com/zebra', title: 'Zebra crossing' },
  { alias: 'mango-deals', url: 'https://c.example.com/mango', title: 'Mango deals' },
];

test('links list: the column headers sort by short link, destination and date, and say the order', async ({ app, service }) => {
  test.setTimeout(120_000);
  const { page } = app;
  for (const l of LINKS) await service.ok('POST', '/api/url/add', { url: l.url, custom: l.alias, metatitle: l.title });

  await new WelcomePage(page).connectForm.connect({ name: 'Sorted', baseUrl: service.url, apiKey: service.apiKey });
  await new AppFrame(page).open('links');
  await expect(page.getByTestId('links-total')).toHaveText(` · ${LINKS.length} links`, { timeout: 30_000 });

  const aliases = page.getByTestId('link-row-alias');
  const header = (id: string) => page.getByTestId(`links-header-${id}`);
  const sortBy = (id: string) => page.getByTestId(`links-sort-${id}`);

  // Newest first, said on the Created header only.
  await expect(aliases).toHaveText(['mango-deals', 'zebra-crossing', 'apple-pie', 'kiwi-news-2026']);
  await expect(header('created')).toHaveAttribute('aria-sort', 'descending');
  await expect(header('short')).not.toHaveAttribute('aria-sort', /./);

  await sortBy('short').click();
  await expect(aliases).toHaveText(['apple-pie', 'kiwi-news-2026', 'mango-deals', 'zebra-crossing']);
  await expect(header('short')).toHaveAttribute('aria-sort', 'ascending');
  await expect(sortBy('short')).toContainText('↑');
  await expect(header('created')).not.toHaveAttribute('aria-sort', /./);

  await sortBy('short').click();
  await expect(aliases).toHaveText(['zebra-crossing', 'mango-deals', 'kiwi-news-2026', 'apple-pie']);
  await expect(header('short')).toHaveAttribute('aria-sort', 'descending');
  await expect(sortBy('short')).toContainText('↓');

  await sortBy('destination').click();
  await expect(aliases).toHaveText(['zebra-crossing', 'kiwi-news-2026', 'mango-deals', 'apple-pie']);
  await expect(header('destination')).toHaveAttribute('aria-sort', 'ascending');

  await sortBy('created').click();
  await expect(aliases).toHaveText(['mango-deals', 'zebra-crossing', 'apple-pie', 'kiwi-news-2026']);
  await sortBy('created').click();
  await expect(aliases).toHaveText(['kiwi-news-2026', 'apple-pie', 'zebra-crossing', 'mango-deals']);
  await expect(header('created')).toHaveAttribute('aria-sort', 'ascending');

  // The title and the destination once each.
  const first = page.getByTestId('link-row').first();
  await expect(first.getByTestId('link-row-title')).toHaveText('Kiwi news');
  await expect(first.getByTestId('link-row-long')).toHaveText('https://b.example.com/kiwi');

  // On a narrow window the host gives way and the alias stays whole inside its cell.
  await page.setViewportSize({ width: 1000, height: 700 });
  const fit = await first.getByTestId('link-row-short').evaluate((cell) => {
    const alias = cell.querySelector<HTMLElement>('[data-testid="link-row-alias"]')!;
    const host = cell.querySelector<HTMLElement>('.link-row__host')!;
    const a = alias.getBoundingClientRect();
    const c = cell.getBoundingClientRect();
    return {
      aliasWhole: alias.scrollWidth <= alias.clientWidth,
      aliasInside: a.left >= c.left - 0.5 && a.right <= c.right + 0.5,
      hostCut: host.scrollWidth > host.clientWidth,
      hostSmaller: parseFloat(getComputedStyle(host).fontSize) < parseFloat(getComputedStyle(alias).fontSize),
    };
  });
  expect(fit).toEqual({ aliasWhole: true, aliasInside: true, hostCut: true, hostSmaller: true });
});
