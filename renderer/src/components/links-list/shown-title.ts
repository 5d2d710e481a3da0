/**
 * The title a row shows: none when it only repeats the address (a service that finds no title
 * may store the URL, with or without its scheme, as the title). Shared by the list's rows and
 * the first rows drawn before the app loads (first-paint.ts), so both show the same.
 */
export function shownTitle(title: string, longUrl: string): string {
  if (!title) return '';
  return title === longUrl || longUrl.endsWith(`://${title}`) || longUrl.endsWith(`://${title}/`) ? '' : title;
}
