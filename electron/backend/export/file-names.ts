const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-05-01-1430` in local time: what a person sees in the Downloads folder, sorted by date. */
export function fileStamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
}

/** Only letters, digits, dot, dash and underscore: safe on every file system. */
export function safeNamePart(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return cleaned || fallback;
}

/** `linkdeck-links-2024-05-01-1430.csv`, `linkdeck-stats-summer-sale-2024-05-01-1430.csv`. */
export function exportFileName(kind: 'links' | 'stats', format: 'csv' | 'json', ms: number, subject?: string): string {
  const middle = subject === undefined ? '' : `-${safeNamePart(subject, 'link')}`;
  return `linkdeck-${kind}${middle}-${fileStamp(ms)}.${format}`;
}
