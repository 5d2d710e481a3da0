import { AppFrame } from './pages/app-frame.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, SEEDED_LINKS, test } from './offline-fixtures.js';

/**
 * The links workspace against a real link service (seeded through its API; the fault proxy stays
 * online): the virtual list, search, sort, filters, the keyboard, and a bulk channel assignment
 * checked on the service itself.
 */
test('links list: search, sort, filter, keyboard and a bulk assignment to a channel', async ({ app, proxiedService }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const { api } = proxiedService;
  const channel = (await api('POST', '/api/channel/add', { name: 'Newsletter' })) as { id: number };

  await new WelcomePage(page).connectForm.connect({ name: 'Links service', baseUrl: proxiedService.url, apiKey: proxiedService.apiKey });
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('links');

  const rows = page.getByTestId('link-row');
  const shorts = page.getByTestId('link-row-short');
  const titles = page.getByTestId('link-row-title');
  await expect(page.getByTestId('links-total')).toHaveText(` · ${SEEDED_LINKS} links`, { timeout: 30_000 });
  await expect(rows.first()).toBeVisible();

  // Sort by title, ascending then descending.
  await page.getByTestId('links-sort').click();
  await page.locator('.n-base-select-option', { hasText: 'Title' }).click();
  await expect(titles.first()).toHaveText('Seeded link 01');
  await page.getByTestId('links-direction').click();
  await expect(titles.first()).toHaveText(`Seeded link ${SEEDED_LINKS}`);

  // Search as you type.
  await page.getByTestId('links-search').fill('seeded/12');
  await expect(page.getByTestId('links-total')).toHaveText(' · 1 link');
  await expect(titles).toHaveText(['Seeded link 12']);
  await page.getByTestId('links-search').fill('');
  await expect(page.getByTestId('links-total')).toHaveText(` · ${SEEDED_LINKS} links`);

  // Keyboard: focus the list, move down twice, Enter opens the details of that row.
  await page.getByTestId('resource-links').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid="link-row"][aria-selected="true"] [data-testid="link-row-title"]')).toHaveText(`Seeded link ${SEEDED_LINKS - 1}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('link-detail')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('link-detail-long')).toHaveText(`https://example.com/seeded/${SEEDED_LINKS - 1}`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-detail')).toBeHidden();
  // The drawer gives the focus back to the list as it goes: the palette's input must not lose it then.
  await expect(page.getByTestId('link-detail-drawer')).toHaveCount(0);

  // Ctrl+K jumps to a link.
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette-input').fill('seeded/5');
  await expect(page.getByTestId('palette-item').first()).toContainText('Seeded link 05');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('link-detail-long')).toHaveText('https://example.com/seeded/5');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-detail')).toBeHidden();

  // Bulk: check the first row, shift-click the third, assign the three to the channel.
  await page.getByTestId('link-row-check').nth(0).click();
  await page.getByTestId('link-row-check').nth(2).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('links-bulk-count')).toHaveText('3 selected');
  // The cell shows host and alias without the scheme; its tooltip holds the whole short URL.
  const picked = await shorts.evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute('title') ?? ''));
  await page.getByTestId('links-bulk-channel').click();
  await page.locator('.n-base-select-option', { hasText: 'Newsletter' }).click();
  const progress = page.getByTestId('links-bulk-progress');
  await expect(progress).toHaveAttribute('data-running', 'false', { timeout: 30_000 });
  await expect(progress).toContainText('3 of 3 queued · 3 sent');

  // The service has them in the channel.
  const items = (await api('GET', `/api/channel/${channel.id}`)) as { data?: { items?: Array<{ link?: string }> } };
  const inChannel = (items.data?.items ?? []).map((i) => i.link).sort();
  expect(inChannel).toEqual([...picked].sort());

  // Filter by the channel: the mirror learns the assignment, and the count says so.
  await page.getByTestId('links-filter-channel').click();
  await page.locator('.n-base-select-option', { hasText: 'Newsletter' }).click();
  await expect(page.getByTestId('links-total')).toHaveText(' · 3 links', { timeout: 30_000 });
  await expect(page.getByTestId('link-row-channel')).toHaveText(['Newsletter', 'Newsletter', 'Newsletter']);
});

/**
 * Issue 28, item 7: a row's own box shows what it does. Its click used to be cancelled, so the
 * browser undid the tick after the list had counted it ("1 selected", the box empty), and after
 * "Select all N matching" the list showed ticked and empty boxes mixed.
 */
test('links list: a row\'s box ticks when clicked, and every box is ticked after "Select all matching"', async ({ app, proxiedService }) => {
  const { page } = app;
  await new WelcomePage(page).connectForm.connect({ name: 'Boxes service', baseUrl: proxiedService.url, apiKey: proxiedService.apiKey });
  const frame = new AppFrame(page);
  await frame.open('links');
  await expect(page.getByTestId('links-total')).toHaveText(` · ${SEEDED_LINKS} links`, { timeout: 30_000 });
  const boxes = page.getByTestId('link-row-check');
  const count = page.getByTestId('links-bulk-count');

  await boxes.nth(0).click();
  await expect(count).toHaveText('1 selected');
  await expect(boxes.nth(0)).toBeChecked();
  await boxes.nth(1).click();
  await expect(count).toHaveText('2 selected');
  await expect(boxes.nth(1)).toBeChecked();
  // A shift-click on a ticked box checks the range: it stays ticked.
  await boxes.nth(1).click({ modifiers: ['Shift'] });
  await expect(boxes.nth(1)).toBeChecked();

  await page.getByTestId('links-select-all').click();
  await expect(count).toHaveText(`${SEEDED_LINKS} selected`);
  const empty = page.locator('[data-testid="link-row-check"]:not(:checked)');
  expect(await boxes.count()).toBeGreaterThan(2);
  await expect(empty).toHaveCount(0);

  // Unticking one of "all matching" leaves every other one ticked.
  await boxes.nth(0).click();
  await expect(count).toHaveText(`${SEEDED_LINKS - 1} selected`);
  await expect(boxes.nth(0)).not.toBeChecked();
  await expect(empty).toHaveCount(1);
});
