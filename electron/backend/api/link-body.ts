import type { LinkInput, LinkRedirect, LinkUpdateInput } from '../../shared/models.js';

/**
 * The spec's request body for link create and update, from our typed input. Fields left
 * undefined are not sent (on update: "keep what is stored").
 */

/** `direct`/`frame`/`splash`; a custom splash page by its id; an overlay as "overlay-<id>". */
export function redirectValue(type: LinkRedirect): string | number {
  if (typeof type === 'string') return type;
  if ('splashPageId' in type) return type.splashPageId;
  return `overlay-${type.overlayId}`;
}

export function linkBody(
  input: LinkInput | LinkUpdateInput,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const body: Record<string, unknown> = { url: input.url };
  const put = (name: string, value: unknown) => {
    if (value !== undefined) body[name] = value;
  };
  put('custom', input.custom);
  put('type', input.type === undefined ? undefined : redirectValue(input.type));
  put('password', input.password);
  put('domain', input.domain);
  put('expiry', input.expiry);
  put(
    'geotarget',
    input.geoTarget?.map(({ location, link }) => ({ location, link })),
  );
  put(
    'devicetarget',
    input.deviceTarget?.map(({ device, link }) => ({ device, link })),
  );
  put(
    'languagetarget',
    input.languageTarget?.map(({ language, link }) => ({ language, link })),
  );
  put('metatitle', input.metaTitle);
  put('metadescription', input.metaDescription);
  put('metaimage', input.metaImage);
  put('pixels', input.pixels ? [...input.pixels] : undefined);
  // null ("none", on update) goes out as 0: the spec types these as integers.
  put('channel', input.channel === null ? 0 : input.channel);
  put('campaign', input.campaign === null ? 0 : input.campaign);
  if (input.deepLink) {
    const { apple, google, auto } = input.deepLink;
    const deeplink: Record<string, unknown> = {};
    if (apple !== undefined) deeplink['apple'] = apple;
    if (google !== undefined) deeplink['google'] = google;
    if (auto !== undefined && mode === 'create') deeplink['auto'] = auto;
    body['deeplink'] = deeplink;
  }
  put(
    'parameters',
    input.parameters?.map(({ name, value }) => ({ name, value })),
  );
  // The note is create-only in the spec, but real deployments clear it when an update leaves it
  // out; the status is create-only.
  if ('description' in input) put('description', input.description);
  if (mode === 'create' && 'status' in input) put('status', input.status);
  return body;
}
