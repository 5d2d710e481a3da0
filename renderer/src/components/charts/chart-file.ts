const slug = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** `linkdeck-summer-sale-top-countries.png`: the link and the chart, safe on every file system. */
export function chartFileName(fileBase: string | undefined, title: string): string {
  const parts = ['linkdeck', slug(fileBase ?? ''), slug(title) || 'chart'].filter(Boolean);
  return `${parts.join('-')}.png`;
}
