import { describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  parsePublicAddress,
  reachNoticeRef,
  shortLinkReach,
  shortLinksLoopbackOnly,
  validatePublicAddress,
} from '../../../electron/shared/local-reach.js';
import { SUPPORTED_LOCALES } from '../../../electron/shared/i18n/locales.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { englishText, renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';

const english = (ref: MessageRef | null) => (ref ? englishText(ref) : null);

describe('whether a profile’s short links open beyond this computer', () => {
  it('is loopback-only for the local workspace without a public address, and only then', () => {
    expect(shortLinksLoopbackOnly({ kind: 'local' })).toBe(true);
    expect(shortLinksLoopbackOnly({ kind: 'local', publicUrl: 'https://go.example.com' })).toBe(false);
    expect(shortLinksLoopbackOnly({ kind: 'remote' })).toBe(false);
    expect(shortLinksLoopbackOnly(null)).toBe(false);
  });

  it('names the notice as a message key, said the same in English as the backend’s notifications', () => {
    expect(reachNoticeRef({ kind: 'local' })).toEqual({ key: 'desktop.reach.localOnly' });
    expect(english(reachNoticeRef({ kind: 'local' }))).toMatch(/only on this computer, while Linkdeck runs: set a public address/);
  });
});

describe('a public address saved without being verified', () => {
  const unverified = { kind: 'local' as const, publicUrl: 'https://go.example.test', publicUrlVerified: false };
  const verified = { ...unverified, publicUrlVerified: true };

  it('is its own reach, with its own notice; a verified one needs none', () => {
    expect(shortLinkReach({ kind: 'local' })).toBe('this-computer');
    expect(shortLinkReach(unverified)).toBe('unverified');
    expect(shortLinkReach({ kind: 'local', publicUrl: 'https://go.example.test' })).toBe('unverified');
    expect(shortLinkReach(verified)).toBe('anywhere');
    expect(shortLinkReach({ kind: 'remote' })).toBe('anywhere');
    expect(reachNoticeRef(unverified)).toEqual({ key: 'desktop.reach.unverified' });
    expect(english(reachNoticeRef(unverified))).toMatch(/not verified.*may open nothing for others/);
    for (const none of [reachNoticeRef(verified), reachNoticeRef({ kind: 'remote' }), english(reachNoticeRef(verified))]) expect(none).toBeNull();
  });

  it('says in every language that the links open only while Linkdeck runs on this computer', () => {
    const runs: Record<string, RegExp> = { en: /while Linkdeck runs/, de: /solange Linkdeck/, fr: /tant que Linkdeck tourne/, es: /mientras Linkdeck está abierto/, 'pt-BR': /enquanto o Linkdeck está rodando/ };
    for (const locale of SUPPORTED_LOCALES) {
      const t = createTranslator(locale, SHARED_MESSAGES);
      for (const profile of [{ kind: 'local' as const }, unverified]) {
        const words = renderMessage(reachNoticeRef(profile)!, t);
        expect(words, locale).toMatch(runs[locale]!);
        expect(words, locale).not.toMatch(/^desktop\./);
      }
    }
  });
});

describe('the public address field', () => {
  it('takes an http(s) host with an optional port, without a trailing slash', () => {
    expect(parsePublicAddress(' https://go.example.com/ ')).toEqual({ ok: true, value: 'https://go.example.com' });
    expect(parsePublicAddress('http://links.example.org:8080')).toEqual({ ok: true, value: 'http://links.example.org:8080' });
  });

  it.each([
    ['', /Enter the address/],
    ['go.example.com', /must start with https:\/\/ or http:\/\//],
    ['ftp://go.example.com', /Only http:\/\/ and https:\/\//],
    ['https://go.example.com/links', /Remove the path \(\/links\)/],
    ['https://go.example.com/?x=1', /Remove the part after \?/],
    ['https://go.example.com/#top', /Remove the part after #/],
    ['https://me:secret@go.example.com', /user name and password/],
    ['http://127.0.0.1:4000', /127\.0\.0\.1 is this computer/],
    ['http://localhost:4000', /localhost is this computer/],
    ['http://[::1]:4000', /is this computer/],
    ['http://app.localhost', /is this computer/],
  ])('refuses %j with words for the field', (text, words) => {
    expect(validatePublicAddress(text)).toMatch(words);
  });

  it('knows the loopback names and addresses', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::ffff:7f00:1', 'LOCALHOST.']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['go.example.com', '10.0.0.5', '192.168.1.2', 'localhost.example.com']) expect(isLoopbackHost(host)).toBe(false);
  });
});
