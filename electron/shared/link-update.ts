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

// The editor's warning names these fields from its message file (LinkEditor.vue's CLEARED_WORDS,
// the linkEditor area), in the person's language: no English list of them is kept here.
