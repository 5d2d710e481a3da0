/** A file made by the backend for the renderer to save (exports, a bulk job's results). */
export interface ExportFile {
  filename: string;
  mime: 'text/csv' | 'application/json';
  content: string;
}
