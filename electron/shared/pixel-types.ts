/**
 * The 13 tracking-pixel types of the link service, in the order the API documents them, with
 * what a person needs to fill in the tag: a readable name, what the tag is called on that
 * platform, an example and a hint. {@link checkPixelTag} validates a tag the way a user would
 * expect: the platform's usual format, forgiving about surrounding spaces and letter case.
 *
 * Pure TypeScript: the local service and the renderer both import it.
 */

import { keyedMessage, type KeyedMessage } from './field-issue.js';
import { englishText, msg, type MessageRef } from './message-ref.js';

export const PIXEL_TYPES = [
  'gtmpixel',
  'gapixel',
  'fbpixel',
  'adwordspixel',
  'linkedinpixel',
  'twitterpixel',
  'adrollpixel',
  'quorapixel',
  'pinterest',
  'bing',
  'snapchat',
  'reddit',
  'tiktok',
] as const;

export type PixelType = (typeof PIXEL_TYPES)[number];

export interface PixelTypeInfo {
  type: PixelType;
  /** The platform, as a person knows it (a name: the same in every language). */
  name: string;
  /** What the platform calls the identifier the tag holds, in English (the command line, logs). */
  tagLabel: string;
  /** The same as a message, for a window in the person's language (issue 44). */
  tagLabelRef: MessageRef;
  /** A tag in the expected format. */
  example: string;
  /** One sentence on the format and where to find it, in English. */
  hint: string;
  hintRef: MessageRef;
}

interface TagRule {
  tagLabel: MessageRef;
  hint: MessageRef;
  /** Puts a tag in its canonical form before it is checked (case, prefix). */
  normalize: (tag: string) => string;
  pattern: RegExp;
}

const upper = (tag: string) => tag.toUpperCase();
const lower = (tag: string) => tag.toLowerCase();
const same = (tag: string) => tag;

const RULES: Record<PixelType, Pick<PixelTypeInfo, 'type' | 'name' | 'example'> & TagRule> = {
  gtmpixel: {
    type: 'gtmpixel',
    name: 'Google Tag Manager',
    tagLabel: msg('validation.pixel.label.containerId'),
    example: 'GTM-ABC1234',
    hint: msg('validation.pixel.hint.gtmpixel'),
    normalize: upper,
    pattern: /^GTM-[A-Z0-9]{4,12}$/,
  },
  gapixel: {
    type: 'gapixel',
    name: 'Google Analytics',
    tagLabel: msg('validation.pixel.label.measurementId'),
    example: 'G-ABC123DEF4',
    hint: msg('validation.pixel.hint.gapixel'),
    normalize: upper,
    pattern: /^(?:G-[A-Z0-9]{4,15}|UA-\d{4,10}-\d{1,4})$/,
  },
  fbpixel: {
    type: 'fbpixel',
    name: 'Facebook (Meta)',
    tagLabel: msg('validation.pixel.label.pixelId'),
    example: '123456789012345',
    hint: msg('validation.pixel.hint.fbpixel'),
    normalize: same,
    pattern: /^\d{10,20}$/,
  },
  adwordspixel: {
    type: 'adwordspixel',
    name: 'Google Ads',
    tagLabel: msg('validation.pixel.label.conversionId'),
    example: 'AW-123456789',
    hint: msg('validation.pixel.hint.adwordspixel'),
    // The label after "/" is case-sensitive: only the prefix is normalised (and added when left out).
    normalize: (tag) => tag.replace(/^(?:aw-)?(?=\d)/i, 'AW-'),
    pattern: /^AW-\d{6,12}(?:\/[A-Za-z0-9_-]{1,64})?$/,
  },
  linkedinpixel: {
    type: 'linkedinpixel',
    name: 'LinkedIn',
    tagLabel: msg('validation.pixel.label.partnerId'),
    example: '1234567',
    hint: msg('validation.pixel.hint.linkedinpixel'),
    normalize: same,
    pattern: /^\d{3,12}$/,
  },
  twitterpixel: {
    type: 'twitterpixel',
    name: 'X (Twitter)',
    tagLabel: msg('validation.pixel.label.pixelId'),
    example: 'o1a2b',
    hint: msg('validation.pixel.hint.twitterpixel'),
    normalize: same,
    pattern: /^[A-Za-z0-9]{5,10}$/,
  },
  adrollpixel: {
    type: 'adrollpixel',
    name: 'AdRoll',
    tagLabel: msg('validation.pixel.label.advertiserAndPixelIds'),
    example: 'ABCDEFGHIJ0123456789KL/MNOPQRSTUV0123456789WX',
    hint: msg('validation.pixel.hint.adrollpixel'),
    normalize: upper,
    pattern: /^[A-Z0-9]{6,32}\/[A-Z0-9]{6,32}$/,
  },
  quorapixel: {
    type: 'quorapixel',
    name: 'Quora',
    tagLabel: msg('validation.pixel.label.pixelId'),
    example: '0123456789abcdef0123456789abcdef',
    hint: msg('validation.pixel.hint.quorapixel'),
    normalize: lower,
    pattern: /^[0-9a-f]{32}$/,
  },
  pinterest: {
    type: 'pinterest',
    name: 'Pinterest',
    tagLabel: msg('validation.pixel.label.tagId'),
    example: '2612345678901',
    hint: msg('validation.pixel.hint.pinterest'),
    normalize: same,
    pattern: /^\d{6,20}$/,
  },
  bing: {
    type: 'bing',
    name: 'Microsoft Advertising (Bing)',
    tagLabel: msg('validation.pixel.label.uetTagId'),
    example: '12345678',
    hint: msg('validation.pixel.hint.bing'),
    normalize: same,
    pattern: /^\d{4,12}$/,
  },
  snapchat: {
    type: 'snapchat',
    name: 'Snapchat',
    tagLabel: msg('validation.pixel.label.pixelId'),
    example: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    hint: msg('validation.pixel.hint.snapchat'),
    normalize: lower,
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  },
  reddit: {
    type: 'reddit',
    name: 'Reddit',
    tagLabel: msg('validation.pixel.label.pixelId'),
    example: 't2_abc123xy',
    hint: msg('validation.pixel.hint.reddit'),
    normalize: same,
    pattern: /^[A-Za-z0-9_]{4,40}$/,
  },
  tiktok: {
    type: 'tiktok',
    name: 'TikTok',
    tagLabel: msg('validation.pixel.label.pixelId'),
    example: 'C1A2B3C4D5E6F7G8H9I0',
    hint: msg('validation.pixel.hint.tiktok'),
    normalize: upper,
    pattern: /^[A-Z0-9]{15,25}$/,
  },
};

export function isPixelType(value: unknown): value is PixelType {
  return typeof value === 'string' && (PIXEL_TYPES as readonly string[]).includes(value);
}

/** Name, tag label, example and hint of one type. */
export function pixelTypeInfo(type: PixelType): PixelTypeInfo {
  const { name, tagLabel, example, hint } = RULES[type];
  return { type, name, tagLabel: englishText(tagLabel), tagLabelRef: tagLabel, example, hint: englishText(hint), hintRef: hint };
}

/** Every type, in the API's order: for pickers. */
export function pixelTypeInfos(): PixelTypeInfo[] {
  return PIXEL_TYPES.map(pixelTypeInfo);
}

/** A refused tag says why in English (`message`) and as a `validation.pixel.*` key (issue 44). */
export type PixelTagCheck = { ok: true; tag: string } | ({ ok: false } & KeyedMessage);

/**
 * Checks a tag for a type. On success `tag` is its canonical form (trimmed; letter case and
 * prefix as the platform writes them), which is what should be stored.
 */
export function checkPixelTag(type: PixelType, tag: string): PixelTagCheck {
  const rule = RULES[type];
  const trimmed = tag.trim();
  const about = { platform: rule.name, label: rule.tagLabel, hint: rule.hint };
  if (trimmed === '') return { ok: false, ...keyedMessage(msg('validation.pixel.tagMissing', about)) };
  const normalized = rule.normalize(trimmed);
  if (!rule.pattern.test(normalized)) return { ok: false, ...keyedMessage(msg('validation.pixel.tagInvalid', about)) };
  return { ok: true, tag: normalized };
}
