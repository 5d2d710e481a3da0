import { afterEach, describe, expect, it } from 'vitest';
import { keyedMessage } from '../../../electron/shared/field-issue.js';
import { acceleratorFromKeyPress, hotkeyConflictRef, type KeyPress } from '../../../electron/shared/hotkey.js';
import { checkLiveFetchRequest, liveFetchRequestIssues } from '../../../electron/shared/live-import.js';
import { englishText, type MessageRef } from '../../../electron/shared/message-ref.js';
import { checkPixelTag, pixelTypeInfo } from '../../../electron/shared/pixel-types.js';
import { apiKeyIssue, baseUrlIssue, profileNameIssue } from '../../../electron/shared/profile-validation.js';
import { describeQrData, describeQrRef, qrPayload } from '../../../electron/shared/qr-codes.js';
import { scanContrastProblem, scanContrastRef } from '../../../electron/shared/qr-colors.js';
import { checkDesign, checkDesignRefs, DEFAULT_DESIGN } from '../../../electron/shared/qr-render.js';
import { validateUtm } from '../../../electron/shared/utm.js';
import { validateTemplate } from '../../../electron/shared/utm-template-rules.js';
import { validateClipboardSettings } from '../../../electron/backend/clipboard/settings.js';
import { issueMessage } from '../../../renderer/src/composables/error-text.js';
import { issueText } from '../../../renderer/src/composables/validation.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { buildInput, emptyForm } from '../../../renderer/src/components/link-editor/link-form.js';

/*
 * Issue 44: the shared validators' sentences as message keys. Each family says its problems in
 * German in a German window, with its arguments (numbers in German format, names as given), and
 * keeps its English words for the command line and logs. `inGerman` renders the way the window
 * does (issueText / issueMessage through vue-i18n in the app's locale).
 */

afterEach(() => setAppLocale('en'));

function inGerman<T>(render: () => T): T {
  setAppLocale('de');
  try {
    return render();
  } finally {
    setAppLocale('en');
  }
}

/** No raw key ("validation.…") and no English sentence left in a German text. */
function looksGerman(text: string | null | undefined): void {
  expect(text).toBeTruthy();
  expect(text).not.toMatch(/validation\.|errors\./);
  expect(text).not.toMatch(/\b(Enter|Choose|must|the|is|and|or|with)\b/);
}

const press = (over: Partial<KeyPress>): KeyPress => ({ key: 'a', code: 'KeyA', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over });

describe('QR code checks in German', () => {
  it('says each field’s problem in German, with the counts in German number format', () => {
    const long = qrPayload('text', 'x'.repeat(5000));
    const event = qrPayload('event', { title: 'Launch', start: '2026-05-02 10:00', end: '2026-05-01 10:00' });
    if (long.ok || event.ok) throw new Error('accepted');
    // English stays what it was for the command line and the service.
    expect(long.errors[0]?.message).toBe('At most 4,296 characters fit in a QR code; this has 5,000.');
    const german = inGerman(() => [...long.errors, ...event.errors].map(issueMessage));
    expect(german).toEqual([
      'Ein QR-Code fasst höchstens 4.296 Zeichen; dieser Text hat 5.000.',
      'Das Ende muss nach dem Beginn liegen.',
    ]);
  });

  it('describes what a code does in German, the person’s own words kept', () => {
    const wifi = { ssid: 'Café', encryption: 'wpa', pass: 'x' };
    expect(describeQrData('wifi', wifi)).toBe('Joins the Wi-Fi network “Café” (WPA, password included)');
    expect(inGerman(() => issueText(describeQrRef('wifi', wifi)))).toBe('Verbindet mit dem WLAN „Café“ (WPA, Passwort enthalten)');
    expect(inGerman(() => issueText(describeQrRef('vcard', { email: 'a@example.com' })))).toBe('Fügt den Kontakt (ohne Namen) hinzu, a@example.com');
    expect(inGerman(() => issueText(describeQrRef('event', { title: 'Messe', start: '2026-05-01 10:00', location: 'Halle 3' })))).toBe(
      'Fügt den Termin „Messe“ am 2026-05-01 10:00 in Halle 3 hinzu',
    );
  });

  it('says the scan contrast and the designer’s limits in German, the ratio with a decimal comma', () => {
    const grey = scanContrastRef({ r: 120, g: 120, b: 120 }, { r: 140, g: 140, b: 140 });
    expect(scanContrastProblem({ r: 120, g: 120, b: 120 }, { r: 140, g: 140, b: 140 })).toMatch(/^The colours are too close .*\(contrast 1\.3:1; at least 4:1 is needed\)/);
    expect(inGerman(() => issueText(grey))).toBe(
      'Die Farben liegen zu nah beieinander, als dass eine Kamera sie unterscheiden könnte (Kontrast 1,3:1; nötig sind mindestens 4:1). Dunkeln Sie den Vordergrund ab oder hellen Sie den Hintergrund auf.',
    );
    const design = { ...DEFAULT_DESIGN, size: 10, margin: 20 };
    expect(checkDesign(design).size).toBe('Choose a size from 64 to 4096 pixels.');
    const refs = checkDesignRefs(design);
    expect(inGerman(() => [issueText(refs.size ?? null), issueText(refs.margin ?? null)])).toEqual([
      'Wählen Sie eine Größe von 64 bis 4096 Pixeln.',
      'Wählen Sie einen Rand von 0 bis 16 Modulen (4 ist der Standardwert).',
    ]);
  });
});

describe('UTM checks in German', () => {
  it('names the parameter in German and keeps the numbers', () => {
    const [issue] = validateUtm({ campaign: 'c'.repeat(201) });
    expect(issue?.message).toBe('Campaign (utm_campaign) is 201 characters long; keep it to 200.');
    expect(inGerman(() => issueMessage(issue!))).toBe('Kampagne (utm_campaign) ist 201 Zeichen lang; erlaubt sind höchstens 200.');
  });

  it('a saved template’s parameter problem carries its key too', () => {
    const issues = validateTemplate('News', { term: 'a\nb' }, []);
    expect(inGerman(() => issues.map(issueMessage))).toEqual(['Begriff (utm_term) enthält einen Zeilenumbruch oder ein anderes Steuerzeichen; entfernen Sie es.']);
  });
});

describe('pixel checks in German', () => {
  it('asks for the platform’s identifier with its hint, in German', () => {
    const refused = checkPixelTag('gtmpixel', 'ABC1234');
    if (refused.ok) throw new Error('accepted');
    expect(refused.message).toBe(`That is not a valid Google Tag Manager container ID. ${pixelTypeInfo('gtmpixel').hint}`);
    expect(inGerman(() => issueMessage(refused))).toBe(
      'Das entspricht nicht dem Format der Container-ID von Google Tag Manager. Die Container-ID, etwa GTM-ABC1234, steht oben in Ihrem Tag-Manager-Arbeitsbereich.',
    );
    const info = pixelTypeInfo('adrollpixel');
    expect(inGerman(() => issueText(info.tagLabelRef))).toBe('Werbetreibenden- und Pixel-IDs');
    looksGerman(inGerman(() => issueText(info.hintRef)));
  });
});

describe('profile and clipboard checks in German', () => {
  it('the connect form’s fields', () => {
    expect(inGerman(() => [issueText(baseUrlIssue('links.example.com')), issueText(profileNameIssue('')), issueText(apiKeyIssue('a b'))])).toEqual([
      'Die Adresse muss mit https:// oder http:// beginnen (zum Beispiel https://links.example.com).',
      expect.stringMatching(/^Geben Sie dem Profil einen Namen/),
      expect.stringMatching(/Leerzeichen/),
    ]);
  });

  it('the clipboard watch’s settings, with the range as arguments', () => {
    const result = validateClipboardSettings({ pollIntervalMs: 5 });
    if (result.ok) throw new Error('accepted');
    looksGerman(inGerman(() => issueMessage(result.issues[0]!)));
    expect(inGerman(() => issueMessage(result.issues[0]!))).toContain('100');
  });
});

describe('hotkey and desktop checks in German', () => {
  it('a recorded key press that cannot be a hotkey', () => {
    const made = acceleratorFromKeyPress(press({ key: 'ß', code: 'IntlRo', ctrlKey: true }), 'linux');
    expect(made).not.toBeNull();
    const error = (made as { error: MessageRef }).error;
    expect(inGerman(() => issueText(error))).toBe('„ß“ kann nicht Teil eines Tastenkürzels sein: Verwenden Sie einen Buchstaben, eine Ziffer oder eine Funktionstaste.');
    looksGerman(inGerman(() => issueText((acceleratorFromKeyPress(press({}), 'linux') as { error: MessageRef }).error)));
  });

  it('the hotkey another application holds, named as the platform names it', () => {
    expect(englishText(hotkeyConflictRef('CommandOrControl+Shift+L', 'darwin'))).toBe('Cmd+Shift+L is already used by another application; choose another.');
    expect(inGerman(() => issueText(hotkeyConflictRef('CommandOrControl+Shift+L', 'linux')))).toBe(
      'Strg+Shift+L wird bereits von einer anderen Anwendung verwendet; wählen Sie eine andere Tastenkombination.'.replace('Strg', 'Ctrl'),
    );
  });
});

describe('the link editor’s field checks in German', () => {
  it('shows the shared link and UTM checks in German next to their fields', () => {
    const form = { ...emptyForm(), url: 'ftp://files.example.com/a', custom: 'ab', utm: { source: '', medium: '', campaign: 'c'.repeat(201), term: '', content: '' } };
    const { messages } = inGerman(() => buildInput(form, 'create', Date.UTC(2026, 0, 1)));
    expect(messages['url']).toMatch(/^Die Ziel-URL verwendet das Schema „ftp:“|verwendet das Schema „ftp:“/);
    expect(messages['utm.campaign']).toBe('Kampagne (utm_campaign) ist 201 Zeichen lang; erlaubt sind höchstens 200.');
    for (const text of Object.values(messages)) looksGerman(text);
  });
});

describe('live import checks in German', () => {
  it('names the service and its example address', () => {
    const request = { source: 'kutt' as const, baseUrl: '', apiKey: '' };
    expect(checkLiveFetchRequest(request)).toEqual({
      baseUrl: 'Enter the address of your Kutt (for example https://kutt.it).',
      apiKey: 'Paste the API key from your Kutt settings.',
    });
    const issues = liveFetchRequestIssues(request);
    expect(inGerman(() => [issueText(issues.baseUrl ?? null), issueText(issues.apiKey ?? null)])).toEqual([
      'Geben Sie die Adresse Ihres Kutt-Servers ein (zum Beispiel https://kutt.it).',
      'Fügen Sie den API-Schlüssel aus Ihren Kutt-Einstellungen ein.',
    ]);
  });
});

describe('every new key in every language', () => {
  it('renders a keyed message in each locale without falling back to its key', () => {
    const ref = keyedMessage(scanContrastRef({ r: 255, g: 255, b: 255 }, { r: 0, g: 0, b: 0 })!);
    for (const locale of ['de', 'fr', 'es', 'pt-BR'] as const) {
      setAppLocale(locale);
      const text = issueMessage(ref);
      expect(text).not.toBe(ref.message);
      expect(text).not.toContain('validation.');
    }
    expect(englishText({ key: ref.key })).toBe(ref.message);
  });
});
