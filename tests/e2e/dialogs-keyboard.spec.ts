import type { Locator, Page } from '@playwright/test';
import { englishLeft } from './english-left.js';
import { AppFrame } from './pages/app-frame.js';
import { LinksPage } from './pages/links-page.js';
import { QrCodesPage } from './pages/qr-codes-page.js';
import { SettingsPage } from './pages/settings-page.js';
import { TransferDialog } from './pages/transfer-dialog.js';
import { WelcomePage } from './pages/welcome-page.js';
import { textFitFaults, textFitLines } from './text-fit.js';
import { screenSettled } from './transitions-done.js';
import { expect, test } from './fixtures.js';

/*
 * Issue 44 with issue 37: the main dialogs in German (the new-link bar, the link editor with its
 * folded UTM section, the delete confirm opened from a link's detail, the transfer dialog that copies
 * or moves links to another profile, and the QR-code form) by keyboard alone, at 1024×700. For each:
 * opened from its button by Enter, Tab reaches every control in it (each enabled, visible
 * focusable element), Escape closes it, and the focus goes back to the button that opened it.
 * One browser context for the whole walk, to keep the run short.
 */

const URL = 'https://example.com/tastatur-dialoge';
// A <summary> is the toggle of a folded section (the editor's UTM part): Tab stops on it.
const FOCUSABLE = 'button, input, textarea, select, summary, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Tabs through `dialog` and returns the controls Tab never reached (by label), tagging every
 * focusable, enabled, visible element first. Stops once all were reached or after a bound.
 */
async function unreached(page: Page, dialog: Locator): Promise<string[]> {
  await screenSettled(page);
  const labels = await dialog.evaluate((root, selector) => {
    const out: string[] = [];
    let i = 0;
    const groups = new Map<string, string>();
    for (const el of root.querySelectorAll<HTMLElement>(selector)) {
      // A radio group is one Tab stop (the arrows move inside it, as in every OS): its radios share
      // one index. Naive UI draws the input at 0×0 inside its label: the label is what is seen.
      const radio = el instanceof HTMLInputElement && el.type === 'radio' ? el : null;
      const r = (radio?.closest('label') ?? el).getBoundingClientRect();
      // The content of a closed <details> still has a size in Chromium (its slot is only
      // content-visibility: hidden) but Tab skips it, as it should: not a control to reach yet.
      const folded = el.closest('details:not([open])');
      const inFold = folded != null && el.closest('summary')?.parentElement !== folded;
      const hidden = inFold || r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden';
      // A control inside another focusable one (a select's inner input) is reached with its parent.
      const outer = el.parentElement?.closest(selector);
      const nested = outer != null && root.contains(outer);
      if (hidden || nested || (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
      if (radio?.name) {
        const known = groups.get(radio.name);
        if (known !== undefined) {
          el.dataset['kbdStop'] = known;
          continue;
        }
        groups.set(radio.name, String(i));
      }
      el.dataset['kbdStop'] = String(i++);
      const named = radio?.closest('[role=radiogroup][data-testid]') ?? radio?.closest('[data-testid]') ?? el;
      out.push(named.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40) ?? el.tagName);
    }
    return out;
  }, FOCUSABLE);
  expect(labels.length, 'the dialog has controls').toBeGreaterThan(0);
  const reached = new Set<number>();
  // The control the dialog focused on opening counts as reached: Tab starts from it.
  const first = await page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-kbd-stop]')?.dataset['kbdStop'] ?? null);
  if (first !== null) reached.add(Number(first));
  for (let presses = 0; presses < labels.length * 3 + 10 && reached.size < labels.length; presses++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-kbd-stop]')?.dataset['kbdStop'] ?? null);
    if (stop !== null) reached.add(Number(stop));
  }
  return labels.filter((_, i) => !reached.has(i));
}

/**
 * Opens the dialog from `opener` by Enter, walks it, closes it by Escape; returns what failed.
 * `opensOn`: the control the focus must start on (a card dialog's first field or safe button).
 */
async function walk(page: Page, name: string, opener: Locator, dialog: Locator, opensOn?: Locator): Promise<string[]> {
  const problems: string[] = [];
  await opener.focus({ timeout: 15_000 });
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  if (opensOn) {
    await screenSettled(page);
    const on = await opensOn.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
    if (!on) problems.push(`${name}: the focus opens on ${await focusName(page)}, not on its first field or safe button`);
  }
  for (const label of await unreached(page, dialog)) problems.push(`${name}: Tab never reaches "${label}"`);
  // Tab may have carried the focus past the last control (a dialog that does not trap it): Escape
  // is pressed from inside, on the first control, as a person would.
  await dialog.locator('[data-kbd-stop="0"]').focus();
  await page.keyboard.press('Escape');
  await expect(dialog, `${name}: Escape closes it`).toBeHidden({ timeout: 10_000 });
  await screenSettled(page);
  const back = await opener.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  if (!back) problems.push(`${name}: the focus is not back on its opener (it is on ${await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? 'nothing')})`);
  return problems;
}

test.describe('de at 1024×700: the main dialogs by keyboard alone', () => {
  test.use({ locale: 'de', viewport: { width: 1024, height: 700 } });

  test('the new-link bar: Tab reaches every control, Escape closes, the focus goes back', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const links = new LinksPage(page);
    await links.create(URL);
    await expect(links.newLinkOutcome.getByTestId('new-link-short-url')).toBeVisible({ timeout: 30_000 });
    await links.newLinkOutcome.getByRole('button', { name: 'Schließen' }).click();
    await expect(links.rows).toHaveCount(1);
    const problems: string[] = [];

    problems.push(...(await walk(page, 'new link', links.newLinkButton, page.getByTestId('new-link-form'))));

    expect(problems).toEqual([]);
  });

  test('the link editor: Tab reaches the UTM toggle, and once opened every UTM field; Escape closes, the focus goes back', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const opener = page.getByTestId('open-link-editor');
    const editor = page.getByTestId('link-editor');
    const problems: string[] = [];

    // Folded: the toggle is a stop, the fields are not yet.
    problems.push(...(await walk(page, 'link editor', opener, editor)));

    // Opened by keyboard (Enter on the toggle): every UTM control is reached.
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(editor).toBeVisible();
    const toggle = editor.locator('details.link-editor__utm > summary');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const utm = editor.locator('details.link-editor__utm');
    await expect(utm).toHaveAttribute('open', '');
    for (const id of ['link-utm-source', 'link-utm-medium', 'link-utm-campaign', 'link-utm-term', 'link-utm-content', 'link-utm-save-template']) {
      await expect(utm.getByTestId(id), `${id} is in the opened section`).toBeVisible();
    }
    await toggle.focus();
    for (const label of await unreached(page, utm)) problems.push(`link editor, UTM opened: Tab never reaches "${label}"`);
    await toggle.focus();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden({ timeout: 10_000 });
    await screenSettled(page);
    await expect(opener, 'the focus is back on "Neuer Link mit Optionen"').toBeFocused();

    expect(problems).toEqual([]);
  });

  test("the delete confirm from a link's detail: Escape closes only the confirm, the link stays", async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const links = new LinksPage(page);
    await links.create(URL);
    await expect(links.newLinkOutcome.getByTestId('new-link-short-url')).toBeVisible({ timeout: 30_000 });
    await links.newLinkOutcome.getByRole('button', { name: 'Schließen' }).click();
    await expect(links.rows).toHaveCount(1);

    const list = page.getByTestId('resource-links');
    await list.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('link-detail-drawer');
    await expect(page.getByTestId('link-detail')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('link-detail-edit')).toBeFocused();
    await page.keyboard.press('Tab');
    const del = page.getByTestId('link-detail-delete');
    await expect(del).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('links-delete-confirm');
    await expect(confirm).toBeVisible();
    await screenSettled(page);
    for (const label of await unreached(page, confirm)) expect.soft(label, 'Tab reaches every control of the confirm').toBe('');
    await confirm.locator('[data-kbd-stop="0"]').focus();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden({ timeout: 10_000 });
    await screenSettled(page);
    await expect(links.rows, 'Escape deletes nothing').toHaveCount(1);
    await expect(drawer).toHaveCount(0);
    await expect(list, 'the focus is back on the list, its row current, as after the detail').toBeFocused();
    await expect(page.locator('.link-row--current')).toContainText('tastatur-dialoge');
  });
});

test.describe('de at 1024×700: the transfer dialog and the QR-code form by keyboard alone', () => {
  test.use({ locale: 'de', viewport: { width: 1024, height: 700 } });

  test('the transfer dialog: Tab reaches each choice and button, Escape closes, the focus goes back to "Kopieren oder verschieben"', async ({ app, service, remoteService }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await service.ok('POST', '/api/url/add', { url: URL, custom: 'tastatur-transfer' });
    // Two profiles, the second (with the link) current: the dialog offers the first as the target.
    await connectGerman(new WelcomePage(page).connectForm.root, 'Gehosteter Dienst', remoteService);
    const frame = new AppFrame(page);
    await expect(frame.root).toBeVisible();
    await frame.open('settings');
    const settings = new SettingsPage(page);
    await connectGerman((await settings.openConnectForm()).root, 'Eigener Dienst', service);
    await expect(settings.currentMarker('Eigener Dienst')).toBeVisible();
    await frame.open('links');
    const links = new LinksPage(page);
    await expect(links.rows).toHaveCount(1, { timeout: 30_000 });
    await links.rows.first().getByTestId('link-row-check').click();
    const dialog = new TransferDialog(page);
    const problems: string[] = [];

    problems.push(...(await walk(page, 'transfer', dialog.openButton, dialog.root)));

    // After the dry run (started by keyboard) the dialog holds more: the plan and its start button.
    await dialog.openButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.root).toBeVisible();
    // It opens on its first choice, the chosen target: not on its ×, where Enter would close it.
    await expect(dialog.root.getByTestId('transfer-target').getByRole('radio', { checked: true }), 'the focus starts on the chosen target').toBeFocused();
    await tabTo(page, dialog.check);
    await page.keyboard.press('Enter');
    await expect(dialog.plan).toBeVisible({ timeout: 30_000 });
    await dialog.check.focus();
    for (const label of await unreached(page, dialog.root)) problems.push(`transfer, after the check: Tab never reaches "${label}"`);
    // The dialog keeps the focus: Tab from its last control comes back into it, never to the page behind.
    for (let presses = 0; presses < 30; presses++) {
      await page.keyboard.press('Tab');
      if (!(await dialog.root.evaluate((el) => el.contains(document.activeElement)))) {
        problems.push('transfer: Tab leaves the dialog for the page behind it');
        break;
      }
    }
    await dialog.check.focus();
    await page.keyboard.press('Escape');
    await expect(dialog.root).toBeHidden({ timeout: 10_000 });
    await screenSettled(page);
    await expect(dialog.openButton, 'the focus is back on its opener after the check').toBeFocused();

    expect(problems).toEqual([]);
  });

  test('the QR-code form: Tab reaches every field and button, Escape closes it, the focus goes back to "Neuer QR-Code"', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    const qrs = new QrCodesPage(page);
    await qrs.open();
    await expect(qrs.view).toBeVisible();
    const problems: string[] = [];

    problems.push(...(await walk(page, 'QR form', page.getByTestId('qr-add'), qrs.form)));

    // Escape inside the open type list closes the list only; the next one closes the form.
    await page.getByTestId('qr-add').focus();
    await page.keyboard.press('Enter');
    await expect(qrs.form).toBeVisible();
    const type = qrs.form.getByTestId('qr-type');
    await expect.poll(() => type.evaluate((el) => el.contains(document.activeElement)), { message: 'the form opens with the focus on its first field' }).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator('.n-base-select-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.n-base-select-menu')).toBeHidden();
    await expect(qrs.form, 'Escape on the open list leaves the form open').toBeVisible();
    await page.keyboard.press('Escape');
    await expect(qrs.form).toBeHidden();
    await expect(page.getByTestId('qr-add')).toBeFocused();

    expect(problems).toEqual([]);
  });
});

/** Fills the connect form by its German labels (the page object's are English) and sends it. */
async function connectGerman(form: Locator, name: string, to: { url: string; apiKey: string }): Promise<void> {
  await form.getByLabel('Profilname').fill(name);
  await form.getByLabel('Adresse des Dienstes').fill(to.url);
  await form.getByLabel('API-Schlüssel', { exact: true }).fill(to.apiKey);
  await form.getByTestId('connect-submit').click();
}

/** Presses Tab until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${max} presses of Tab did not reach the target`);
}

/** What has the focus, for a message: its test id, its label or its tag. */
function focusName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('data-testid') ?? el?.getAttribute('aria-label') ?? el?.tagName ?? 'nothing';
  });
}

/*
 * The card dialogs (issue 44): a channel's and a campaign's form, the delete confirm they share
 * (ConfirmDelete), and the profile list's rename, remove and set-key dialogs. Each in German at
 * 1024×700: opened by Enter, the focus starts on its first field (a confirm: on Cancel, never on
 * the destructive button), Tab reaches every control including the × and stays inside, Escape
 * closes it, the × by Enter closes it, the focus goes back to the opener, no English word shows
 * on it and no label is cut or wrapped (light and dark); then the task is done by keyboard.
 * LAYOUT_SHOTS=<dir> also saves each dialog, light and dark, as a PNG there.
 */

/** Tabs 30 times from inside `dialog`; says so if the focus ever leaves it for the page behind. */
async function leavesDialog(page: Page, dialog: Locator): Promise<boolean> {
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press('Tab');
    if (!(await dialog.evaluate((el) => el.contains(document.activeElement)))) return true;
  }
  return false;
}

/**
 * The whole walk of one card dialog, from its opener: `walk` (Tab reaches all, Escape, focus back),
 * then Tab stays inside, no English word, no cut label in light and dark, and × + Enter closes it.
 */
async function walkCard(page: Page, name: string, opener: Locator, dialog: Locator, opensOn: Locator): Promise<string[]> {
  const problems = await walk(page, name, opener, dialog, opensOn);
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await screenSettled(page);
  if (await leavesDialog(page, dialog)) problems.push(`${name}: Tab leaves the dialog for the page behind it`);
  for (const word of await englishLeft(dialog)) problems.push(`${name}: English word "${word}" on the dialog`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenSettled(page);
    const shots = process.env['LAYOUT_SHOTS'];
    if (shots) await page.screenshot({ path: `${shots}/dialog-de-${name.replace(/\W+/g, '-')}-${scheme}.png` });
    for (const line of textFitLines(await faultsIn(page, dialog))) problems.push(`${name} (${scheme}): ${line}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // The × by keyboard: Tab to it, Enter closes the dialog (and does nothing else).
  const close = dialog.locator('.n-card-header .n-base-close');
  await opensOn.focus();
  await tabTo(page, close);
  await page.keyboard.press('Enter');
  await expect(dialog, `${name}: × and Enter close it`).toBeHidden({ timeout: 10_000 });
  await screenSettled(page);
  const back = await opener.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  if (!back) problems.push(`${name}: after ×, the focus is not back on its opener (it is on ${await focusName(page)})`);
  return problems;
}

/** The text-fit faults (text-fit.ts) of the elements inside `dialog` (named by their test ids). */
async function faultsIn(page: Page, dialog: Locator) {
  const ids = new Set(await dialog.evaluate((el) => [el, ...el.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid') ?? '')));
  return (await textFitFaults(page)).filter((f) => [...ids].some((id) => id && f.where.endsWith(`[data-testid=${id}]`)));
}

test.describe('de at 1024×700: the card dialogs by keyboard alone', () => {
  test.use({ locale: 'de', viewport: { width: 1024, height: 700 } });

  test('a channel: its form and its delete confirm, walked, then a channel made and deleted by keyboard', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    await new AppFrame(page).open('channels');
    await expect(page.getByTestId('channels-view')).toBeVisible();
    const opener = page.getByTestId('channel-new');
    const dialog = page.getByTestId('channel-form-dialog');
    const name = dialog.getByTestId('channel-name');
    const problems = await walkCard(page, 'channel form', opener, dialog, name);

    // The task: a channel made by keyboard alone (Enter in the name sends the form).
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await page.keyboard.type('Frühjahrsaktion');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const row = page.getByTestId('channel-row').filter({ hasText: 'Frühjahrsaktion' });
    await expect(row).toHaveCount(1, { timeout: 30_000 });

    // Its delete confirm: opens on Abbrechen; Escape and × delete nothing.
    const del = row.getByTestId('channel-delete');
    const confirm = page.getByTestId('confirm-delete-dialog');
    problems.push(...(await walkCard(page, 'channel delete confirm', del, confirm, confirm.getByTestId('confirm-delete-no'))));
    await expect(row, 'Escape and × delete nothing').toHaveCount(1);
    // Then deleted by keyboard: Tab from Abbrechen (wrapping round the ×) to Löschen, Enter.
    await del.focus();
    await page.keyboard.press('Enter');
    await expect(confirm.getByTestId('confirm-delete-no')).toBeFocused();
    await tabTo(page, confirm.getByTestId('confirm-delete-yes'));
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden({ timeout: 30_000 });
    await expect(row).toHaveCount(0, { timeout: 30_000 });

    expect(problems).toEqual([]);
  });

  test('a campaign: its form walked, then a campaign made by keyboard', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByTestId('use-local').click();
    await new AppFrame(page).open('campaigns');
    await expect(page.getByTestId('campaigns-view')).toBeVisible();
    const opener = page.getByTestId('campaign-new');
    const dialog = page.getByTestId('campaign-form-dialog');
    const name = dialog.getByTestId('campaign-name');
    const problems = await walkCard(page, 'campaign form', opener, dialog, name);

    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await page.keyboard.type('Herbstkampagne');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByTestId('campaign-row').filter({ hasText: 'Herbstkampagne' })).toHaveCount(1, { timeout: 30_000 });

    expect(problems).toEqual([]);
  });

  test('the profiles: rename, remove and set-key dialogs walked, then a key set and a profile renamed by keyboard', async ({ app, service, remoteService }) => {
    test.setTimeout(300_000);
    const { page } = app;
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // Two profiles, the second current: the first's key is then taken from the e2e keychain, so it asks again.
    await connectGerman(new WelcomePage(page).connectForm.root, 'Gehosteter Dienst', remoteService);
    const frame = new AppFrame(page);
    await expect(frame.root).toBeVisible();
    await frame.open('settings');
    const settings = new SettingsPage(page);
    await connectGerman((await settings.openConnectForm()).root, 'Eigener Dienst', service);
    await expect(settings.currentMarker('Eigener Dienst')).toBeVisible();
    const hosted = settings.row('Gehosteter Dienst');
    const id = await hosted.getAttribute('data-profile-id');
    expect(id, 'the profile row names its id').toBeTruthy();
    expect(await app.secrets.delete(id!), 'the hosted profile had a key in the e2e keychain').toBe(true);
    await page.reload();
    await expect(page.locator('[data-app-state="ready"]')).toBeAttached();
    await frame.open('settings');
    await expect(hosted.getByTestId('profile-needs-key')).toBeVisible({ timeout: 30_000 });
    // The list behind the dialogs, with its widest row (four buttons), fits at 1024×700 too.
    const list = page.getByTestId('profile-list');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenSettled(page);
      for (const line of textFitLines(await faultsIn(page, list))) expect.soft(line, `the profile list (${scheme})`).toBe('');
      // Beyond text-fit.ts: a button pushed out of the card, a kind ("Entfernt") broken letter by letter.
      const squeezed = await list.evaluate((table) => {
        const out: string[] = [];
        const card = (table.closest('.n-card') ?? table.parentElement ?? table).getBoundingClientRect();
        for (const b of table.querySelectorAll('button')) {
          const r = b.getBoundingClientRect();
          if (r.right > card.right + 1) out.push(`"${(b.textContent ?? '').trim()}" ends at ${Math.round(r.right)}px, past the card's ${Math.round(card.right)}px`);
        }
        for (const kind of table.querySelectorAll('[data-testid=profile-kind]')) {
          const range = document.createRange();
          range.selectNodeContents(kind);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(`"${(kind.textContent ?? '').trim()}" runs over ${tops.size} lines`);
        }
        return out;
      });
      for (const line of squeezed) expect.soft(line, `the profile list (${scheme})`).toBe('');
    }
    await page.emulateMedia({ colorScheme: 'light' });

    const setKey = page.getByTestId('set-key-dialog');
    const problems = await walkCard(page, 'set key', hosted.getByTestId('profile-set-key'), setKey, setKey.getByTestId('set-key-input'));
    problems.push(...(await walkCard(page, 'rename', hosted.getByTestId('profile-rename'), settings.renameDialog, settings.renameDialog.getByTestId('rename-input'))));
    problems.push(...(await walkCard(page, 'remove', hosted.getByTestId('profile-remove'), settings.removeDialog, settings.removeDialog.getByTestId('remove-cancel'))));
    await expect(hosted, 'Escape and × remove nothing').toHaveCount(1);

    // The key set again by keyboard, into the e2e keychain.
    await hosted.getByTestId('profile-set-key').focus();
    await page.keyboard.press('Enter');
    await expect(setKey.getByTestId('set-key-input')).toBeFocused();
    await page.keyboard.type(remoteService.apiKey);
    await page.keyboard.press('Enter');
    await expect(setKey).toBeHidden({ timeout: 30_000 });
    await expect(hosted.getByTestId('profile-needs-key')).toHaveCount(0);
    expect(await app.secrets.get(id!), 'the key is back in the keychain').toBe(remoteService.apiKey);

    // Renamed by keyboard: the name field opens with the old name, replaced and sent by Enter.
    await hosted.getByTestId('profile-rename').focus();
    await page.keyboard.press('Enter');
    await expect(settings.renameDialog.getByTestId('rename-input')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Gehostet (Team)');
    await page.keyboard.press('Enter');
    await expect(settings.renameDialog).toBeHidden({ timeout: 30_000 });
    await expect(settings.row('Gehostet (Team)')).toHaveCount(1);

    expect(problems).toEqual([]);
  });
});
