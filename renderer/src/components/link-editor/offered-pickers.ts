/**
 * A link editor's picker of a collection the profile's service may not offer (an older version
 * has no domains, channels or campaigns): disabled, with the reason said next to it, so nothing
 * is queued that the service could only refuse.
 */
import type { NotOffered } from '../../../../electron/shared/models.js';
import { t } from '../../i18n/index.js';

/** The collections a picker may lack, as the message's select names them. */
export type PickerKind = 'splash' | 'overlays' | 'domains' | 'pixels' | 'channels' | 'campaigns';

export interface PickerAvailability {
  disabled: boolean;
  /** The reason, said under the picker; undefined when it can be used. */
  reason: string | undefined;
}

export function pickerAvailability(notOffered: NotOffered | null, kind: PickerKind): PickerAvailability {
  if (!notOffered) return { disabled: false, reason: undefined };
  return { disabled: true, reason: t('linkEditor.notOffered', { kind }) };
}
