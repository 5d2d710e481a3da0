import { enUS, type NLocale } from 'naive-ui';

/*
 * Naive UI's own words, as the app's locale gives them to every component (App.vue). Its
 * English locale fills an empty field with "Please Input" or "Please Select" (issue 37, item 2):
 * words of the library, not of this app, which say nothing the field's label does not. Every
 * placeholder the library would invent is blanked here; a field that needs a hint sets its own
 * `placeholder` (an example of what to type), which this does not touch.
 */

type Group = Record<string, unknown>;

function blankPlaceholders(locale: NLocale): NLocale {
  const copy: Record<string, unknown> = { ...locale };
  for (const [name, group] of Object.entries(locale)) {
    if (!group || typeof group !== 'object') continue;
    const g: Group = { ...(group as Group) };
    for (const key of Object.keys(g)) if (/placeholder$/i.test(key) && typeof g[key] === 'string') g[key] = '';
    copy[name] = g;
  }
  return copy as unknown as NLocale;
}

export const naiveLocale: NLocale = blankPlaceholders(enUS);
