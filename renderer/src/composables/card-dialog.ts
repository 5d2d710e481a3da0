import { fixModalHeadings } from './card-heading.js';

/*
 * The keyboard side of a card dialog (NModal preset="card"), issue 44. Every such dialog sets
 * `close-focusable`: Naive UI (2.45) takes the card's × out of the Tab order by default, so keyboard
 * alone could never reach it. Its focus trap then opens on the × (the first focusable element it
 * finds: naive-ui/es/modal/src/BodyWrapper.mjs → vueuc's FocusTrap, which skips buttons without a
 * tabindex), where Enter closes the dialog. So once the card entered, the focus moves to the first
 * field, or to the safe button a confirm names (Cancel, never Delete). Escape and the × both go
 * through `update:show` (Naive's handleEsc and handleCloseClick), which each dialog handles.
 */

/** The first control of a card's body (not its header, where the × is). */
export const FIRST_FIELD =
  '.n-card-content :is(input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled))';

/**
 * For `@after-enter`: the card's title as a heading (card-heading.ts), and the focus on `first`
 * inside the card `selector` names (a selector of that dialog alone: the card is teleported to the
 * end of <body>).
 */
export function enterCardDialog(selector: string, first: string = FIRST_FIELD): void {
  fixModalHeadings(selector);
  document.querySelector<HTMLElement>(selector)?.querySelector<HTMLElement>(first)?.focus();
}
