/**
 * Whether a URL may be handed to the OS browser. Only absolute http(s) URLs: file:, javascript:,
 * data: or a custom scheme could start a local program or read local files.
 */
export function isSafeExternalUrl(url: unknown): boolean {
  if (typeof url !== 'string' || url.length > 8192) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  // Credentials in a URL are a classic phishing disguise (https://bank.com@evil.example).
  return parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
}
