import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refusalRef } from '../../../electron/backend/request-issues.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import type { SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import { deviceIssue } from '../../../electron/shared/link-validation.js';
import { englishText, isMessageRef, renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';
import { qrPayload } from '../../../electron/shared/qr-codes.js';

/*
 * The backend's and the shared validators' sentences that name several values (the accepted
 * values of a field, unknown fields, devices, a QR code's fields) hand them over as a list of
 * names, so each language joins and quotes them itself (issue 44): no English ", " and straight
 * quotes inside a German or French sentence.
 */

const say = (ref: MessageRef, locale: SupportedLocale) => renderMessage(ref, createTranslator(locale, SHARED_MESSAGES));

function refused(schema: z.ZodType, value: unknown): MessageRef {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('the value was accepted');
  return refusalRef(result.error.issues);
}

describe('lists of values in refusals', () => {
  it('a value not among the accepted ones: the choices joined with “or”, each quoted', () => {
    const ref = refused(z.object({ status: z.enum(['active', 'paused', 'archived']) }), { status: 'gone' });
    expect(isMessageRef(ref)).toBe(true);
    expect(englishText(ref)).toContain('use one of “active”, “paused”, or “archived”.');
    expect(say(ref, 'de')).toContain('„active“, „paused“ oder „archived“');
    expect(say(ref, 'fr')).toContain('«\u202factive\u202f», «\u202fpaused\u202f» ou «\u202farchived\u202f»');
  });

  it('fields Linkdeck does not accept: listed and quoted in the reader’s language', () => {
    const ref = refused(z.strictObject({ url: z.string() }), { url: 'https://example.com', colour: 'red', size: 2 });
    expect(englishText(ref)).toContain('Linkdeck does not accept: “colour” and “size”.');
    expect(say(ref, 'de')).toContain('Felder, die Linkdeck nicht annimmt: „colour“ und „size“.');
    expect(say(ref, 'es')).toContain('campos que Linkdeck no acepta: «colour» y «size».');
  });

  it('an unknown device: the devices offered as choices, in French with « ou »', () => {
    const ref = deviceIssue('toaster');
    if (!ref) throw new Error('toaster was accepted');
    expect(say(ref, 'fr')).toMatch(/appareils\s: iphone, ipad, android, windows phone, windows, macos, linux ou blackberry\.$/);
    expect(englishText(ref)).toBe('Choose one of the devices: iphone, ipad, android, windows phone, windows, macos, linux, or blackberry.');
  });

  it('a QR code’s data of the wrong shape: its fields listed in German', () => {
    const result = qrPayload('wifi', 42);
    if (result.ok) throw new Error('42 was accepted as Wi-Fi data');
    const error = result.errors[0] as { key: string; params?: MessageRef['params'] };
    const ref: MessageRef = { key: error.key, ...(error.params ? { params: error.params } : {}) };
    expect(say(ref, 'de')).toBe('Bei einem QR-Code vom Typ „wifi“ muss „data“ ein Objekt mit „ssid“, „pass“ und „encryption“ sein.');
  });
});
