import { onBeforeUnmount, watch, type Ref } from 'vue';
import { Chart, type ChartConfiguration, type ChartType } from 'chart.js';

/**
 * Draws a chart.js chart on `canvas` and redraws it whenever the reactive state `config` reads
 * changes (data or theme). The canvas may come and go (an empty chart shows words instead), so
 * the chart follows it. Without a 2D context (a test DOM, a disabled GPU path) nothing is drawn:
 * the wrappers' aria-label summaries still say what the chart shows.
 */
export function useChart<T extends ChartType>(canvas: Ref<HTMLCanvasElement | null>, config: () => ChartConfiguration<T>): ChartHandle {
  let chart: Chart<T> | null = null;

  watch(
    [canvas, config],
    ([element, next]) => {
      if (chart && chart.canvas !== element) {
        chart.destroy();
        chart = null;
      }
      if (!element) return;
      if (chart) {
        chart.data = next.data;
        if (next.options) chart.options = next.options;
        chart.update();
        return;
      }
      const context = element.getContext('2d');
      if (context) chart = new Chart<T>(context, next);
    },
    { immediate: true, flush: 'post' },
  );

  onBeforeUnmount(() => {
    chart?.destroy();
    chart = null;
  });

  return {
    toPng(background) {
      if (!chart) return null;
      // chart.js draws on a transparent canvas: light text on nothing is unreadable in an image
      // viewer, so the picture gets the surface it was shown on.
      const source = chart.canvas;
      const copy = document.createElement('canvas');
      copy.width = source.width;
      copy.height = source.height;
      const context = copy.getContext('2d');
      if (!context) return chart.toBase64Image('image/png', 1);
      context.fillStyle = background;
      context.fillRect(0, 0, copy.width, copy.height);
      context.drawImage(source, 0, 0);
      return copy.toDataURL('image/png');
    },
  };
}

/** What a chart wrapper can do with its drawn chart. */
export interface ChartHandle {
  /** The chart as a PNG data URL on `background`, or null while nothing is drawn. */
  toPng(background: string): string | null;
}
