/**
 * Whether a profile's service sets no rate limit that matters: reading what a view needs then
 * costs nothing, so the app reads it without asking (issue 28). The local link service with its
 * limit off advertises 1,000,000 requests a minute; the spec's default is 30, and deployments
 * that raise it stay in the hundreds. From this many a minute up it is no limit (the budget meter
 * draws none from the same figure, renderer/src/composables/budget-text.ts).
 */
export const UNMETERED_PER_MINUTE = 100_000;

export function isUnmetered(limitPerMinute: number): boolean {
  return Number.isFinite(limitPerMinute) && limitPerMinute >= UNMETERED_PER_MINUTE;
}
