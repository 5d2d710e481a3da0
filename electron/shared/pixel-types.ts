/**
 * The 13 tracking-pixel types of the link service, in the order the API documents them, with
 * what a person needs to fill in the tag: a readable name, what the tag is called on that
 * platform, an example and a hint. {@link checkPixelTag} validates a tag the way a user would
 * expect: the platform's usual format, forgiving about surrounding spaces and letter case.
 *
 * Pure TypeScript: the local service and the renderer both import it.
 */

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
  /** The platform, as a person knows it. */
  name: string;
  /** What the platform calls the identifier the tag holds. */
  tagLabel: string;
  /** A tag in the expected format. */
  example: string;
  /** One sentence on the format and where to find it. */
  hint: string;
}

interface TagRule {
  /** Puts a tag in its canonical form before it is checked (case, prefix). */
  normalize: (tag: string) => string;
  pattern: RegExp;
}

const upper = (tag: string) => tag.toUpperCase();
const lower = (tag: string) => tag.toLowerCase();
const same = (tag: string) => tag;

const RULES: Record<PixelType, PixelTypeInfo & TagRule> = {
  gtmpixel: {
    type: 'gtmpixel',
    name: 'Google Tag Manager',
    tagLabel: 'container ID',
    example: 'GTM-ABC1234',
    hint: 'The container ID, such as GTM-ABC1234, shown at the top of your Tag Manager workspace.',
    normalize: upper,
    pattern: /^GTM-[A-Z0-9]{4,12}$/,
  },
  gapixel: {
    type: 'gapixel',
    name: 'Google Analytics',
    tagLabel: 'measurement ID',
    example: 'G-ABC123DEF4',
    hint: 'The measurement ID, such as G-ABC123DEF4 (Admin › Data streams), or an older property ID such as UA-12345678-1.',
    normalize: upper,
    pattern: /^(?:G-[A-Z0-9]{4,15}|UA-\d{4,10}-\d{1,4})$/,
  },
  fbpixel: {
    type: 'fbpixel',
    name: 'Facebook (Meta)',
    tagLabel: 'pixel ID',
    example: '123456789012345',
    hint: 'The pixel (dataset) ID: a number of 10 to 20 digits, such as 123456789012345, shown in Meta Events Manager.',
    normalize: same,
    pattern: /^\d{10,20}$/,
  },
  adwordspixel: {
    type: 'adwordspixel',
    name: 'Google Ads',
    tagLabel: 'conversion ID',
    example: 'AW-123456789',
    hint: 'The conversion ID, such as AW-123456789, optionally followed by a conversion label: AW-123456789/AbC-D_efG12.',
    // The label after "/" is case-sensitive: only the prefix is normalised (and added when left out).
    normalize: (tag) => tag.replace(/^(?:aw-)?(?=\d)/i, 'AW-'),
    pattern: /^AW-\d{6,12}(?:\/[A-Za-z0-9_-]{1,64})?$/,
  },
  linkedinpixel: {
    type: 'linkedinpixel',
    name: 'LinkedIn',
    tagLabel: 'partner ID',
    example: '1234567',
    hint: 'The Insight Tag partner ID: a number such as 1234567, found in Campaign Manager under Account assets › Insight Tag.',
    normalize: same,
    pattern: /^\d{3,12}$/,
  },
  twitterpixel: {
    type: 'twitterpixel',
    name: 'X (Twitter)',
    tagLabel: 'pixel ID',
    example: 'o1a2b',
    hint: 'The pixel ID from X Ads Events Manager: 5 to 10 letters and digits, such as o1a2b.',
    normalize: same,
    pattern: /^[A-Za-z0-9]{5,10}$/,
  },
  adrollpixel: {
    type: 'adrollpixel',
    name: 'AdRoll',
    tagLabel: 'advertiser and pixel IDs',
    example: 'ABCDEFGHIJ0123456789KL/MNOPQRSTUV0123456789WX',
    hint: 'Your advertiser ID and pixel ID separated by "/", such as ABCDEFGHIJ0123456789KL/MNOPQRSTUV0123456789WX (adroll_adv_id and adroll_pix_id in the AdRoll pixel code).',
    normalize: upper,
    pattern: /^[A-Z0-9]{6,32}\/[A-Z0-9]{6,32}$/,
  },
  quorapixel: {
    type: 'quorapixel',
    name: 'Quora',
    tagLabel: 'pixel ID',
    example: '0123456789abcdef0123456789abcdef',
    hint: 'The pixel ID: 32 characters of 0-9 and a-f, such as 0123456789abcdef0123456789abcdef, shown in Quora Ads Manager › Quora Pixel.',
    normalize: lower,
    pattern: /^[0-9a-f]{32}$/,
  },
  pinterest: {
    type: 'pinterest',
    name: 'Pinterest',
    tagLabel: 'tag ID',
    example: '2612345678901',
    hint: 'The Pinterest tag ID: a number such as 2612345678901, shown in Ads Manager › Conversions.',
    normalize: same,
    pattern: /^\d{6,20}$/,
  },
  bing: {
    type: 'bing',
    name: 'Microsoft Advertising (Bing)',
    tagLabel: 'UET tag ID',
    example: '12345678',
    hint: 'The UET tag ID: a number such as 12345678, shown in Microsoft Advertising under Tools › UET tag.',
    normalize: same,
    pattern: /^\d{4,12}$/,
  },
  snapchat: {
    type: 'snapchat',
    name: 'Snapchat',
    tagLabel: 'pixel ID',
    example: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    hint: 'The Snap Pixel ID, a code in five groups such as a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d, shown in Snapchat Ads Manager › Events Manager.',
    normalize: lower,
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  },
  reddit: {
    type: 'reddit',
    name: 'Reddit',
    tagLabel: 'pixel ID',
    example: 't2_abc123xy',
    hint: 'The Reddit pixel ID, such as t2_abc123xy: letters, digits and "_", shown in Reddit Ads › Events Manager.',
    normalize: same,
    pattern: /^[A-Za-z0-9_]{4,40}$/,
  },
  tiktok: {
    type: 'tiktok',
    name: 'TikTok',
    tagLabel: 'pixel ID',
    example: 'C1A2B3C4D5E6F7G8H9I0',
    hint: 'The pixel ID: about 20 capital letters and digits, such as C1A2B3C4D5E6F7G8H9I0, shown in TikTok Ads Manager › Events.',
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
  return { type, name, tagLabel, example, hint };
}

/** Every type, in the API's order: for pickers. */
export function pixelTypeInfos(): PixelTypeInfo[] {
  return PIXEL_TYPES.map(pixelTypeInfo);
}

export type PixelTagCheck = { ok: true; tag: string } | { ok: false; message: string };

/**
 * Checks a tag for a type. On success `tag` is its canonical form (trimmed; letter case and
 * prefix as the platform writes them), which is what should be stored.
 */
export function checkPixelTag(type: PixelType, tag: string): PixelTagCheck {
  const rule = RULES[type];
  const trimmed = tag.trim();
  if (trimmed === '')
    return { ok: false, message: `Enter the ${rule.name} ${rule.tagLabel}. ${rule.hint}` };
  const normalized = rule.normalize(trimmed);
  if (!rule.pattern.test(normalized)) {
    return {
      ok: false,
      message: `That is not a valid ${rule.name} ${rule.tagLabel}. ${rule.hint}`,
    };
  }
  return { ok: true, tag: normalized };
}
