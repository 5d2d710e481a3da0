import { formatServiceDate } from '../../composables/dates.js';
import { i18n, t } from '../../i18n/index.js';

/*
 * The words a Links row writes from its link's own values (issue 43): the check box's label and
 * the creation day. Each keystroke draws ~20 rows with new links, and through vue-i18n every such
 * word costs its lookup, a message context and an ICU format (Intl.DateTimeFormat#formatToParts
 * for the day): ~3.6 of the ~20 ms the renderer spent patching rows per keystroke in a CPU profile
 * (tests/bench/links-keystroke-trace.ts). The same short URLs and days come back key after key
 * (a search narrows the same rows), so each word is made once per locale and value.
 */

/** Enough for every row of a few screens of many queries; emptied at once when full. */
const MAX_WORDS = 2_000;

/** The app's language: a reactive read, so a row drawn with these words is drawn again when it changes. */
const appLocale = (): string => (i18n.global as unknown as { locale: { value: string } }).locale.value;

function memoised(make: (value: string) => string): (value: string) => string {
  let locale = '';
  let words = new Map<string, string>();
  return (value) => {
    const now = appLocale();
    if (now !== locale) {
      locale = now;
      words = new Map();
    }
    let word = words.get(value);
    if (word === undefined) {
      if (words.size >= MAX_WORDS) words.clear();
      word = make(value);
      words.set(value, word);
    }
    return word;
  };
}

/** "Select s.example/abc": the row's check box, named by its short URL. */
export const selectLabel = memoised((shortUrl) => t('links.row.select', { name: shortUrl }));

/** The creation day (`YYYY-MM-DD`) in the locale's format. */
export const rowDay = memoised((day) => formatServiceDate(day, ''));
