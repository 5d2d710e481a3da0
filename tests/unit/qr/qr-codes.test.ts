import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor, rgbText, scanContrastProblem } from '../../../electron/shared/qr-colors.js';
import { describeQrData, qrPayload } from '../../../electron/shared/qr-codes.js';

describe('QR payloads per type (issue 31)', () => {
  it('encodes each type as the servers’ QR helper does', () => {
    const ok = (type: Parameters<typeof qrPayload>[0], data: unknown) => {
      const r = qrPayload(type, data);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.payload;
    };
    expect(ok('link', ' https://example.com ')).toBe('https://example.com');
    expect(ok('phone', '+44 20 7946 0000')).toBe('tel:+442079460000');
    expect(ok('email', 'a@example.com')).toBe('mailto:a@example.com');
    expect(ok('email', { email: 'a@example.com', subject: 'Hi there', body: 'Line' })).toBe('mailto:a@example.com?subject=Hi%20there&body=Line');
    expect(ok('sms', { phone: '123456', message: 'Hello' })).toBe('SMSTO:123456:Hello');
    expect(ok('smsonly', { phone: '123456' })).toBe('sms:123456');
    expect(ok('whatsapp', { phone: '+1 555 0100', body: 'Hi' })).toBe('https://api.whatsapp.com/send?phone=15550100&text=Hi');
    expect(ok('wifi', { ssid: 'Café;1', pass: 'p:w', encryption: 'WPA' })).toBe('WIFI:S:Café\\;1;T:WPA;P:p\\:w;;');
    expect(ok('wifi', { ssid: 'Open' })).toBe('WIFI:S:Open;T:nopass;;');
    expect(ok('vcard', { fname: 'Ada', lname: 'Lovelace', org: 'Engines, Ltd' })).toContain('N:Lovelace;Ada\r\nFN:Ada Lovelace\r\nORG:Engines\\, Ltd');
    expect(ok('event', { title: 'Launch', start: '2026-05-01 10:00', end: '2026-05-01 11:30' })).toContain('DTSTART:20260501T100000\r\nDTEND:20260501T113000');
  });

  it('names every problem by field, so a form shows each next to its field', () => {
    expect(qrPayload('link', 'example.com')).toEqual({ ok: false, errors: [{ field: 'data', message: expect.stringMatching(/http/), key: 'validation.qr.webAddress' }] });
    expect(qrPayload('wifi', { pass: 'x' })).toEqual({
      ok: false,
      errors: [
        { field: 'data.ssid', message: expect.any(String), key: 'validation.qr.ssidMissing' },
        { field: 'data.encryption', message: expect.stringMatching(/WPA or WEP/), key: 'validation.qr.passwordNeedsEncryption' },
      ],
    });
    expect(qrPayload('vcard', {})).toMatchObject({ ok: false, errors: [{ field: 'data' }] });
    expect(qrPayload('event', { title: 'x', start: '2026-05-02 10:00', end: '2026-05-01 10:00' })).toMatchObject({ ok: false, errors: [{ field: 'data.end', message: expect.stringMatching(/after the start/) }] });
    expect(qrPayload('text', 'x'.repeat(5000))).toMatchObject({ ok: false, errors: [{ field: 'data' }] });
  });

  it('says in words what a code does', () => {
    expect(describeQrData('wifi', { ssid: 'Cafe', encryption: 'wpa', pass: 'x' })).toBe('Joins the Wi-Fi network “Cafe” (WPA, password included)');
    expect(describeQrData('phone', '+1 555')).toBe('Calls +1 555');
  });

  it('reads colours as rgb() or hex, and checks them for scanning', () => {
    expect(parseColor('rgb(1, 2, 3)')).toEqual({ r: 1, g: 2, b: 3 });
    expect(parseColor('#abc')).toEqual({ r: 170, g: 187, b: 204 });
    expect(parseColor('rgb(256,0,0)')).toBeNull();
    expect(rgbText({ r: 1, g: 2, b: 3 })).toBe('rgb(1,2,3)');
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(21);
    expect(scanContrastProblem({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeNull();
    expect(scanContrastProblem({ r: 120, g: 120, b: 120 }, { r: 140, g: 140, b: 140 })).toMatch(/too close/);
  });
});
