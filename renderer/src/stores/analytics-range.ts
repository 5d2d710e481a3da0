import type { AnalyticsRange } from '../../../electron/shared/analytics.js';
import { t } from '../i18n/index.js';

/** The date presets of the Analytics view, newest first in the picker. */
export const PRESETS = [
  { key: '24h', ms: 24 * 3_600_000 },
  { key: '7d', ms: 7 * 86_400_000 },
  { key: '30d', ms: 30 * 86_400_000 },
  { key: '90d', ms: 90 * 86_400_000 },
  { key: '1y', ms: 365 * 86_400_000 },
  { key: 'all', ms: null },
] as const;
export type PresetKey = (typeof PRESETS)[number]['key'];

/** Each preset's label, as a message key written out in full. */
const PRESET_LABELS: Record<PresetKey, string> = {
  '24h': 'analytics.range.h24',
  '7d': 'analytics.range.d7',
  '30d': 'analytics.range.d30',
  '90d': 'analytics.range.d90',
  '1y': 'analytics.range.y1',
  all: 'analytics.range.all',
};

/** "24 h", "7 T", "Tout": the preset's button in the person's language. */
export const presetLabel = (key: PresetKey): string => t(PRESET_LABELS[key]);

/** What the picker holds: a preset, or a custom range of local dates (YYYY-MM-DD, both included). */
export type RangeChoice = { preset: PresetKey } | { custom: { from: string; to: string } };

/** Midnight at the start of a local date `YYYY-MM-DD`, or null when it is not one. */
export function localMidnight(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) || d.getDate() !== Number(m[3]) ? null : d.getTime();
}

/** Why a custom range cannot be used, in words next to its fields; null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  const start = localMidnight(from);
  const end = localMidnight(to);
  if (start === null) return t('analytics.range.fromInvalid');
  if (end === null) return t('analytics.range.toInvalid');
  if (end < start) return t('analytics.range.order');
  return null;
}

/** The range to ask the backend for at `now`, in the machine's time zone. */
export function toRange(choice: RangeChoice, now: number): AnalyticsRange {
  const utcOffsetMin = -new Date(now).getTimezoneOffset();
  if ('custom' in choice) {
    const from = localMidnight(choice.custom.from) ?? now - 86_400_000;
    const last = localMidnight(choice.custom.to) ?? now;
    // The last day is included: the range ends at the next midnight.
    const to = new Date(last).setDate(new Date(last).getDate() + 1);
    return { from, to, utcOffsetMin };
  }
  const preset = PRESETS.find((p) => p.key === choice.preset) ?? PRESETS[2];
  return { from: preset.ms === null ? null : now - preset.ms, to: now, utcOffsetMin };
}
