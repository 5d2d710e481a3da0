import { t } from '../../i18n/index.js';
/** The checks of the campaign form, made before anything is sent (the service makes them again). */
export interface CampaignFields {
  name: string;
  slug: string;
  public: boolean;
}

const MAX_SLUG = 64;

export function validateCampaign(fields: CampaignFields): Partial<Record<'name' | 'slug', string>> {
  const out: Partial<Record<'name' | 'slug', string>> = {};
  if (!fields.name.trim()) out.name = t('campaigns.form.nameRequired');
  const slug = fields.slug.trim();
  if (slug && !/^[A-Za-z0-9_-]+$/.test(slug)) {
    out.slug = t('campaigns.form.slugChars');
  } else if (slug.length > MAX_SLUG) {
    out.slug = t('campaigns.form.slugTooLong', { max: MAX_SLUG });
  }
  return out;
}

/** The slug of a rotator address (`…/r/<slug>`), or '' when the campaign has none. */
export function slugOfRotator(rotator: string | null | undefined): string {
  if (!rotator) return '';
  const m = /\/r\/([^/?#]+)\/?$/.exec(rotator);
  return m ? decodeURIComponent(m[1] as string) : '';
}
