import type { InputHTMLAttributes } from 'vue';

/**
 * Attributes for the native <input> inside a Naive UI input: the id its <label> points at, the
 * test id, and the link to the message shown under it so screen readers read both.
 */
export function inputAttrs(id: string, testId: string, error: string | null | undefined, extra: InputHTMLAttributes = {}): InputHTMLAttributes {
  return {
    ...extra,
    id,
    'aria-invalid': error ? 'true' : 'false',
    'aria-describedby': error ? `${id}-error` : undefined,
    ...({ 'data-testid': testId } as InputHTMLAttributes),
  };
}
