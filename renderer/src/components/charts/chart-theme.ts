import { computed, type ComputedRef } from 'vue';
import { useThemeVars } from 'naive-ui';

/** Colours a chart needs, taken from the app's Naive UI theme so charts follow light and dark. */
export interface ChartTheme {
  dark: boolean;
  text: string;
  muted: string;
  grid: string;
  /** Fill of doughnut gaps and point borders: the surface the chart sits on. */
  surface: string;
  /** Series colours, distinguishable from each other and readable on the surface. */
  series: string[];
  primary: string;
}

// Tailwind 600s on light, 400s on dark: each keeps at least 3:1 against its surface.
const LIGHT_SERIES = ['#4f46e5', '#0891b2', '#d97706', '#db2777', '#059669', '#7c3aed', '#dc2626', '#65a30d', '#2563eb', '#9333ea'];
const DARK_SERIES = ['#818cf8', '#22d3ee', '#fbbf24', '#f472b6', '#34d399', '#a78bfa', '#f87171', '#a3e635', '#60a5fa', '#c084fc'];

/** Relative lightness of `#rrggbb` or `rgb(a)(…)` text, 0–1; 1 when unreadable (treated as light text). */
function lightness(color: string): number {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color);
  const rgb = /rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(color);
  const parts = hex ? hex.slice(1, 4).map((h) => parseInt(h, 16)) : rgb ? rgb.slice(1, 4).map(Number) : null;
  if (!parts) return 0;
  const [r = 0, g = 0, b = 0] = parts;
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function chartThemeFrom(vars: { textColor2: string; textColor3: string; dividerColor: string; cardColor: string; primaryColor: string }): ChartTheme {
  // Light text means a dark theme: Naive UI's dark theme has no flag we can read here.
  const dark = lightness(vars.textColor2) > 0.5;
  return {
    dark,
    text: vars.textColor2,
    muted: vars.textColor3,
    grid: vars.dividerColor,
    surface: vars.cardColor,
    series: dark ? DARK_SERIES : LIGHT_SERIES,
    primary: vars.primaryColor,
  };
}

export function useChartTheme(): ComputedRef<ChartTheme> {
  const vars = useThemeVars();
  return computed(() => chartThemeFrom(vars.value));
}

/** A colour with an alpha, for fills under lines: `#rrggbb` → `rgba(…)`. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!hex) return color;
  const [r, g, b] = hex.slice(1, 4).map((h) => parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
