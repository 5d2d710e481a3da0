/**
 * Where the main window reopens: the size and position it had, moved onto a display that is
 * still there. Pure (no Electron) so it is tested with made-up display layouts.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of the main window between runs. */
export interface WindowState {
  /** The normal (not maximized) bounds. */
  bounds: Rect;
  maximized: boolean;
}

export interface SizeLimits {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** Larger than any display: a value past this is corrupt, not a window. */
const MAX_COORDINATE = 100_000;

const isCoordinate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_COORDINATE;

const isLength = (value: unknown): value is number => isCoordinate(value) && value > 0;

/** The saved state, or null when the file held anything else (then the window opens as new). */
export function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { bounds, maximized } = value as Record<string, unknown>;
  if (typeof bounds !== 'object' || bounds === null) return null;
  const { x, y, width, height } = bounds as Record<string, unknown>;
  if (!isCoordinate(x) || !isCoordinate(y) || !isLength(width) || !isLength(height)) return null;
  return {
    bounds: {
      x: Math.round(x),
      y: Math.round(y),
      width: Math.round(width),
      height: Math.round(height),
    },
    maximized: maximized === true,
  };
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

const clamp = (value: number, min: number, max: number): number =>
  Math.min(Math.max(value, min), max);

/**
 * The bounds to open the window with. `workAreas` are the displays' work areas (without task
 * bars and docks), the primary display first. The window goes onto the display it overlaps
 * most, whole: shrunk to fit it and moved inside it. A window on no display any more (the
 * monitor was unplugged) opens centred on the primary display. With no saved bounds, or no
 * display known, only a size is given and Electron centres the window.
 */
export function restoredBounds(
  saved: Rect | null,
  workAreas: readonly Rect[],
  limits: SizeLimits,
): Rect | { width: number; height: number } {
  const primary = workAreas[0];
  const fit = (width: number, height: number, area: Rect): { width: number; height: number } => ({
    width: Math.min(Math.max(width, limits.minWidth), area.width),
    height: Math.min(Math.max(height, limits.minHeight), area.height),
  });
  if (!primary) return { width: limits.width, height: limits.height };
  if (!saved) return fit(limits.width, limits.height, primary);

  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const overlap = overlapArea(saved, area);
    if (overlap > bestArea) {
      best = area;
      bestArea = overlap;
    }
  }
  if (!best) {
    const size = fit(saved.width, saved.height, primary);
    return {
      x: primary.x + Math.round((primary.width - size.width) / 2),
      y: primary.y + Math.round((primary.height - size.height) / 2),
      ...size,
    };
  }
  const size = fit(saved.width, saved.height, best);
  return {
    x: clamp(saved.x, best.x, best.x + best.width - size.width),
    y: clamp(saved.y, best.y, best.y + best.height - size.height),
    ...size,
  };
}
