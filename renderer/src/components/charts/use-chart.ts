import { onBeforeUnmount, watch, type Ref } from 'vue';
import { Chart, type ChartConfiguration, type ChartType } from 'chart.js';

/**
 * Draws a chart.js chart on `canvas` and redraws it whenever the reactive state `config` reads
 * changes (data or theme). The canvas may come and go (an empty chart shows words instead), so
 * the chart follows it. Without a 2D context (a test DOM, a disabled GPU path) nothing is drawn:
 * the wrappers' aria-label summaries still say what the chart shows.
 */
export function useChart<T extends ChartType>(canvas: Ref<HTMLCanvasElement | null>, config: () => ChartConfiguration<T>): void {
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
}
