/**
 * What a link update clears on real 6.x–7.x deployments: `PUT /api/url/:id/update` builds the
 * link from the request alone, so each of these fields is emptied when the request leaves it
 * out. Linkdeck sends the complete link; where it cannot know a field's current value, it asks.
 */
export const CLEARED_ON_UPDATE = [
  'password',
  'expiry',
  'campaign',
  'type',
  'geoTarget',
  'deviceTarget',
  'languageTarget',
  'parameters',
  'pixels',
  'deepLink',
  'metaTitle',
  'metaDescription',
  'description',
] as const;

export type ClearedOnUpdate = (typeof CLEARED_ON_UPDATE)[number];

/** Each field in words, as the editor's warning lists it ("the service will clear …"). */
export const CLEARED_FIELD_WORDS: Record<ClearedOnUpdate, string> = {
  password: 'the password protection',
  expiry: 'the expiry date',
  campaign: 'the campaign',
  type: 'the redirect type (it becomes a direct redirect)',
  geoTarget: 'the country targeting',
  deviceTarget: 'the device targeting',
  languageTarget: 'the language targeting',
  parameters: 'the URL parameters',
  pixels: 'the pixels',
  deepLink: 'the deep links',
  metaTitle: 'the meta title',
  metaDescription: 'the meta description',
  description: 'the note',
};
