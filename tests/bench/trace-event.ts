/**
 * One event of a Chrome trace (the JSON Array/Object format Playwright's `browser.startTracing`
 * writes: Chromium's Trace Event Format), with the `args` the bench's trace readers look at.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: {
      type?: string;
      functionName?: string;
      url?: string;
      requestId?: string;
      encodedDataLength?: number;
      documentLoaderURL?: string;
      frame?: string;
      isMainFrame?: boolean;
    };
    beginData?: { url?: string };
  };
}
