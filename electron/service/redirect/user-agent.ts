import { ParseCache } from './parse-cache.js';
/**
 * What a User-Agent string tells the redirect: the device name device targeting uses, and the
 * browser and operating system the statistics count. A small ordered rule list rather than a
 * UA database: these few families are what the statistics and targeting name, and the order of
 * the checks carries the knowledge (Edge and Opera say "Chrome", Chrome says "Safari", Windows
 * Phone says "Android" and "iPhone", iPadOS says "Macintosh" only in desktop mode).
 */

/** Device names of device targeting (lower-case, as stored in devicetarget). */
export type DeviceName = 'iphone' | 'ipad' | 'android' | 'windows phone' | 'windows' | 'macos' | 'linux' | 'blackberry';

export const DEVICE_NAMES: readonly DeviceName[] = ['iphone', 'ipad', 'android', 'windows phone', 'windows', 'macos', 'linux', 'blackberry'];

export interface UserAgentInfo {
  /** '' when the agent names no device we target. */
  device: DeviceName | '';
  browser: string;
  os: string;
}

const UNKNOWN: UserAgentInfo = { device: '', browser: 'Unknown', os: 'Unknown' };

function detectDevice(ua: string): DeviceName | '' {
  if (/windows phone|windows mobile|iemobile/i.test(ua)) return 'windows phone';
  if (/ipad/i.test(ua)) return 'ipad';
  if (/iphone|ipod/i.test(ua)) return 'iphone';
  if (/blackberry|\bbb10\b|playbook/i.test(ua)) return 'blackberry';
  if (/android/i.test(ua)) return 'android';
  if (/windows/i.test(ua)) return 'windows';
  if (/macintosh|mac os x/i.test(ua)) return 'macos';
  if (/linux|x11|cros/i.test(ua)) return 'linux';
  return '';
}

function detectOs(ua: string, device: DeviceName | ''): string {
  switch (device) {
    case 'windows phone':
      return 'Windows Phone';
    case 'iphone':
    case 'ipad':
      return 'iOS';
    case 'blackberry':
      return 'BlackBerry';
    case 'android':
      return 'Android';
    case 'windows':
      return 'Windows';
    case 'macos':
      return 'macOS';
    case 'linux':
      return /\bcros\b/i.test(ua) ? 'ChromeOS' : 'Linux';
    default:
      return 'Other';
  }
}

function detectBrowser(ua: string): string {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\bOPR\/|\bOpera\b|\bOPiOS\//.test(ua)) return 'Opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'Firefox';
  if (/\bMSIE |\bTrident\//.test(ua)) return 'IE';
  if (/\bChrome\/|\bCriOS\/|\bChromium\//.test(ua)) return 'Chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) || /\b(iPhone|iPad|iPod)\b.*\bAppleWebKit\//.test(ua)) return 'Safari';
  return 'Other';
}

/** Parses a User-Agent header (uncached; see UserAgentCache for the hot path). */
export function parseUserAgent(ua: string | undefined): UserAgentInfo {
  if (!ua || !ua.trim()) return UNKNOWN;
  const device = detectDevice(ua);
  return { device, browser: detectBrowser(ua), os: detectOs(ua, device) };
}

/**
 * Visitors share a handful of user agents, so each redirect can skip the regexes. Bounded:
 * when full it starts over, which costs a few re-parses and cannot grow without limit under a
 * flood of made-up agents; very long agents are parsed but not kept.
 */
export class UserAgentCache {
  private readonly parsed: ParseCache<UserAgentInfo>;

  constructor(maxEntries = 2000) {
    this.parsed = new ParseCache(parseUserAgent, maxEntries);
  }

  get(ua: string | undefined): UserAgentInfo {
    return ua ? this.parsed.get(ua) : UNKNOWN;
  }

  /** Agents kept now (for the memory bound's test). */
  get size(): number {
    return this.parsed.size;
  }
}
