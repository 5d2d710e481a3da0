// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, setAppLocale, t } from '../../../renderer/src/i18n/index.js';
import { translateLibraryLabels } from '../../../renderer/src/i18n/library-labels.js';

/*
 * Naive UI's close buttons and spinners say "close" / "loading" in English; the observer gives
 * each one that appears the app's word, asking for each word once per batch of added elements
 * and not at all for a batch without any (a keystroke's rows, issue 43).
 */

let labels: { relabelAll(): void };

beforeAll(() => {
  labels = translateLibraryLabels();
});

afterEach(async () => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  await setAppLocale('en');
});

const closeButton = () => Object.assign(document.createElement('button'), { className: 'n-base-close' });
function withLabel<E extends Element>(el: E, label: string): E {
  el.setAttribute('aria-label', label);
  return el;
}
const spinnerIn = () => {
  const wrap = document.createElement('div');
  const spinner = withLabel(document.createElement('div'), 'loading');
  spinner.className = 'n-base-loading';
  wrap.append(spinner);
  return { wrap, spinner };
};

/** The observer's callback has run once its records are taken: ours, registered after, runs after it. */
function nextBatch(): Promise<void> {
  return new Promise((resolve) => {
    const probe = new MutationObserver(() => {
      probe.disconnect();
      resolve();
    });
    probe.observe(document.body, { childList: true, subtree: true });
  });
}

describe('library labels', () => {
  it('gives every close button and spinner added the app’s word, in the language on screen', async () => {
    await setAppLocale('de');
    const closes = Array.from({ length: 3 }, () => withLabel(closeButton(), 'close'));
    const { wrap, spinner } = spinnerIn();
    const batch = nextBatch();
    document.body.append(...closes, wrap);
    await batch;
    expect(closes.map((el) => el.getAttribute('aria-label'))).toEqual(Array(3).fill(t('common.close')));
    expect(t('common.close')).not.toBe('close');
    expect(spinner.getAttribute('aria-label')).toBe(t('common.loading'));
    // A language switch: the app relabels those on screen (app-start.ts calls relabelAll).
    await setAppLocale('fr');
    labels.relabelAll();
    expect(closes[0]!.getAttribute('aria-label')).toBe(t('common.close'));
  });

  it('asks for each word once per batch, and not at all for a batch of rows without any', async () => {
    // The composer's own `t`, which the app's `t` calls: vue-i18n's full type is too deep for tsc here.
    const translate = vi.spyOn(i18n.global as unknown as { t: (key: string) => string }, 't');
    const rows = Array.from({ length: 50 }, () => {
      const row = document.createElement('div');
      row.innerHTML = '<span class="badge">private</span><span class="cell">spring</span>';
      return row;
    });
    let batch = nextBatch();
    document.body.append(...rows);
    await batch;
    expect(translate).not.toHaveBeenCalled();

    const closes = Array.from({ length: 20 }, () => {
      const row = document.createElement('div');
      row.append(withLabel(closeButton(), 'close'));
      return row;
    });
    batch = nextBatch();
    document.body.append(...closes);
    await batch;
    expect(translate.mock.calls.map(([key]) => key)).toEqual(['common.close']);
    expect(closes.every((row) => row.firstElementChild!.getAttribute('aria-label') === 'Close')).toBe(true);
  });
});
