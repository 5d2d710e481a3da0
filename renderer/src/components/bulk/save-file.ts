import type { ExportFile } from '../../../../electron/shared/exports.js';

/**
 * Hands a file made by the backend to the browser's download (Electron's session saves it the
 * same way). A BOM first, so that spreadsheet apps read the CSV as UTF-8.
 */
export function saveFile(file: ExportFile): void {
  const bom = file.mime === 'text/csv' && !file.content.startsWith('\ufeff') ? '\ufeff' : '';
  const url = URL.createObjectURL(new Blob([bom + file.content], { type: `${file.mime};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
