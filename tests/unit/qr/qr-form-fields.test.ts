import { describe, expect, it } from 'vitest';
import { dataOf, fieldsOf, hasContent } from '../../../renderer/src/components/qr/qr-form-fields.js';

describe('the QR form’s fields (issue 31)', () => {
  it('reads a code’s content into the form and back into the API’s `data`', () => {
    const values = fieldsOf('wifi', { ssid: 'Cafe', pass: 'x', encryption: 'wpa' });
    expect(values).toMatchObject({ ssid: 'Cafe', pass: 'x', encryption: 'wpa' });
    expect(dataOf('wifi', { ...values, pass: '  ' })).toEqual({ ssid: 'Cafe', encryption: 'wpa' });
    expect(dataOf('link', fieldsOf('link', ' https://example.com '))).toBe('https://example.com');
    // A deployment's e-mail code may hold a bare address.
    expect(fieldsOf('email', 'a@example.com')).toMatchObject({ email: 'a@example.com' });
  });

  it('tells an untouched form of unknown content from one being retyped', () => {
    expect(hasContent('vcard', fieldsOf('vcard', null))).toBe(false);
    expect(hasContent('vcard', { ...fieldsOf('vcard', null), city: 'Leeds' })).toBe(true);
    expect(hasContent('text', { data: 'Hi' })).toBe(true);
  });
});
