import type { Locator, Page } from '@playwright/test';
import { englishLeft } from './english-left.js';
import { expect } from './fixtures.js';
import { textFitFaults, textFitLines } from './text-fit.js';
import { screenSettled } from './transitions-done.js';

/*
 * Walking a dialog by keyboard alone (issues 37 and 44): the helpers the dialog specs share
 * (dialogs-keyboard.spec.ts, card-dialogs-keyboard.spec.ts).
 */

// A <summary> is the toggle of a folded section (the editor's UTM part): Tab stops on it.
export const FOCUSABLE = 'button, input, textarea, select, summary, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Tabs through `dialog` and returns the controls Tab never reached (by label), tagging every
 * focusable, enabled, visible element first. Stops once all were reached or after a bound.
 */
export async function unreached(page: Page, dialog: Locator): Promise<string[]> {
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
export async function walk(page: Page, name: string, opener: Locator, dialog: Locator, opensOn?: Locator): Promise<string[]> {
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

/** Fills the connect form by its German labels (the page object's are English) and sends it. */
export async function connectGerman(form: Locator, name: string, to: { url: string; apiKey: string }): Promise<void> {
  await form.getByLabel('Profilname').fill(name);
  await form.getByLabel('Adresse des Dienstes').fill(to.url);
  await form.getByLabel('API-Schlüssel', { exact: true }).fill(to.apiKey);
  await form.getByTestId('connect-submit').click();
}

/** Presses Tab until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${max} presses of Tab did not reach the target`);
}

/** What has the focus, for a message: its test id, its label or its tag. */
export function focusName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('data-testid') ?? el?.getAttribute('aria-label') ?? el?.tagName ?? 'nothing';
  });
}

/** Tabs 30 times from inside `dialog`; says so if the focus ever leaves it for the page behind. */
export async function leavesDialog(page: Page, dialog: Locator): Promise<boolean> {
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
export async function walkCard(page: Page, name: string, opener: Locator, dialog: Locator, opensOn: Locator): Promise<string[]> {
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
export async function faultsIn(page: Page, dialog: Locator) {
  const ids = new Set(await dialog.evaluate((el) => [el, ...el.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid') ?? '')));
  return (await textFitFaults(page)).filter((f) => [...ids].some((id) => id && f.where.endsWith(`[data-testid=${id}]`)));
}
