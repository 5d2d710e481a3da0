/** What can be saved: an export's text, or a finished Blob (a chart's PNG). */
export interface SavableFile {
  filename: string;
  mime: string;
  content: string | Blob;
}

/**
 * Saves a file the way both shells allow: a Blob behind an `<a download>` click. The browser
 * (web shell) puts it in Downloads; Electron asks where to save it. The object URL is released
 * a little later, once the download has surely started.
 */
export function saveFile(file: SavableFile): void {
  const blob = typeof file.content === 'string' ? new Blob([file.content], { type: `${file.mime};charset=utf-8` }) : file.content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A `data:` URL (what canvas.toDataURL gives) as a Blob. */
export function dataUrlBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const mime = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}
