import type { Directive } from 'vue';

/**
 * `v-form-labels` on a form made of Naive UI form items: each item's label names the field it
 * holds. NFormItem draws a <label> that points at nothing, so a field without its own name was
 * read out by its placeholder ("https://example.com/…", or Naive's default "Please Input").
 * The first text field of each item without an aria-label gets the label's words (without the
 * required mark); fields that name themselves, and checkboxes and switches (named by their own
 * text), are left as they are.
 */
function label(el: HTMLElement): void {
  for (const item of el.querySelectorAll<HTMLElement>('.n-form-item')) {
    const words = item.querySelector(':scope > .n-form-item-label .n-form-item-label__text')?.textContent?.trim();
    if (!words) continue;
    const field = item.querySelector<HTMLElement>(':scope > .n-form-item-blank :is(input:not([type="checkbox"]):not([type="radio"]), textarea)');
    if (!field || field.hasAttribute('aria-labelledby') || field.id) continue;
    const own = field.getAttribute('aria-label');
    if (own === null || field.dataset['formLabel'] === own) {
      field.setAttribute('aria-label', words);
      field.dataset['formLabel'] = words;
    }
  }
}

export const vFormLabels: Directive<HTMLElement> = {
  mounted: label,
  // Parts of the form appear later (a redirect type's picker, an expiry): they are named then.
  updated: label,
};
