import { describe, expect, it } from 'vitest';
import { checkProblemRef } from '../../../electron/backend/accounts/public-address-check.js';
import { createOutboundPolicy, refusalWhereRef } from '../../../electron/backend/net/outbound-address-policy.js';
import { OutboundRefused } from '../../../electron/backend/net/outbound-request.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { englishText, renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';

/*
 * Issue 44: the outbound address rules' refusal (a URL that points at a private address) is a
 * message ref wherever a person reads it, so it is said whole in their language — here German —
 * with no English words left inside a translated sentence.
 */
const german = createTranslator('de', SHARED_MESSAGES);
const inGerman = (ref: MessageRef) => renderMessage(ref, german);
const ENGLISH = /\b(is|resolves|loopback address|private network|not checked|the check)\b/i;
const strict = createOutboundPolicy();

describe('the outbound address refusal in German', () => {
  it('names the refused address and its kind, with and without a host name', () => {
    expect(inGerman(refusalWhereRef(strict.check('127.0.0.1')!))).toBe('127.0.0.1 ist eine Loopback-Adresse');
    expect(inGerman(refusalWhereRef(strict.check('::1')!, '[::1]'))).toBe('::1 ist eine Loopback-Adresse');
    expect(inGerman(refusalWhereRef(strict.check('10.0.0.5')!, 'intranet.example'))).toBe(
      'intranet.example wird zu 10.0.0.5 aufgelöst, eine Adresse in einem privaten Netzwerk',
    );
    // English stays what the live import said before, for logs and the command line.
    expect(englishText(refusalWhereRef(strict.check('10.0.0.5')!, 'intranet.example'))).toBe(
      'intranet.example resolves to 10.0.0.5, in a private network range',
    );
  });

  it('carries the refusal as a ref on the error the outbound request throws', () => {
    const refused = new OutboundRefused(strict.check('169.254.169.254')!, 'go.example.com');
    expect(refused.message).toBe(
      'Not checked — cloud metadata service (go.example.com resolves to 169.254.169.254, the cloud metadata service)',
    );
    expect(inGerman(refused.ref)).toBe(
      'Nicht geprüft – Metadatendienst der Cloud (go.example.com wird zu 169.254.169.254 aufgelöst, der Metadatendienst der Cloud)',
    );
  });

  it('says the public address check’s refusal in German as a whole', () => {
    const refused = new OutboundRefused(strict.check('192.168.1.20')!, 'links.example.com');
    const words = inGerman(checkProblemRef(refused, 'https://links.example.com', 10_000));
    expect(words).toBe(
      'Nicht geprüft – private Adresse (links.example.com wird zu 192.168.1.20 aufgelöst, eine Adresse in einem privaten Netzwerk). Die Prüfung wurde nicht gesendet.',
    );
    expect(words).not.toMatch(ENGLISH);
  });
});
