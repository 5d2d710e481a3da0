import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../electron/backend/clipboard/rule-match.js';
import { validateClipboardSettings } from '../../../electron/backend/clipboard/settings.js';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { englishText, renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';

/*
 * Issue 44: every refusal of a clipboard rule's domain or pattern is a message ref (key and
 * arguments), worded by each language; the person's input is an argument, set in the language's
 * own quotation marks by its message, and a count is formatted by the language (ICU `#`).
 */
function refusal(match: string): MessageRef {
  const result = compileMatcher(match);
  if (result.ok) throw new Error(`${JSON.stringify(match)} was accepted`);
  return result.ref;
}

const say = (locale: SupportedLocale, ref: MessageRef) => renderMessage(ref, createTranslator(locale, SHARED_MESSAGES));
const NNBSP = '\u202f';

describe('a refused domain or pattern is a message ref', () => {
  const kinds: [string, string, MessageRef][] = [
    ['empty', '   ', { key: 'validation.clipboard.ruleEmpty' }],
    ['too long', `${'a'.repeat(1230)}.com`, { key: 'validation.clipboard.ruleTooLong', params: { n: 1234, max: 300 } }],
    ['spaces', 'exa mple.com', { key: 'validation.clipboard.ruleSpaces' }],
    ['domain with a query', 'example.com?x', { key: 'validation.clipboard.domainAlone' }],
    ['domain with a user', 'user@example.com', { key: 'validation.clipboard.domainAlone' }],
    ['not a domain', 'exa$mple.com', { key: 'validation.clipboard.notADomain', params: { text: 'exa$mple.com' } }],
    ['other scheme', 'ftp://example.com/*', { key: 'validation.clipboard.patternScheme' }],
    ['fragment', 'example.com/page#top', { key: 'validation.clipboard.patternFragment' }],
    ['no host', 'https:///blog/*', { key: 'validation.clipboard.patternNoHost' }],
    ['bad host characters', 'https://user@example.com/*', { key: 'validation.clipboard.patternBadHost', params: { host: 'user@example.com' } }],
    ['bad host name', '*.exa$mple.com/x', { key: 'validation.clipboard.patternBadHost', params: { host: '*.exa$mple.com' } }],
    ['bad port', 'example.com:80a/*', { key: 'validation.clipboard.patternPort' }],
    ['bad wildcard part', '*ü.example.com', { key: 'validation.clipboard.patternWildcard', params: { label: '*ü' } }],
  ];
  it.each(kinds)('%s', (_kind, match, expected) => {
    expect(refusal(match)).toEqual(expected);
  });

  it('hands a refused regex on as rule-regex.ts made it', () => {
    expect(refusal('/abc/g')).toEqual({ key: 'validation.clipboard.regexFlag', params: { flags: 'g' } });
  });

  it('words every refusal in each language, with no key or English left outside English', () => {
    for (const [, match] of kinds) {
      const ref = refusal(match);
      for (const locale of SUPPORTED_LOCALES) {
        const text = say(locale, ref);
        expect(text, `${ref.key} in ${locale}`).not.toMatch(/validation\.clipboard/);
        if (locale !== 'en') expect(text, `${ref.key} in ${locale}`).not.toBe(say('en', ref));
      }
    }
  });

  it('quotes the person’s input in each language’s own quotation marks', () => {
    const ref = refusal('exa$mple.com');
    expect(say('en', ref)).toBe('“exa$mple.com” is not a domain name; write one like example.com.');
    expect(say('de', ref)).toBe('„exa$mple.com“ ist kein Domainname; schreiben Sie einen wie example.com.');
    expect(say('fr', ref)).toBe(`«${NNBSP}exa$mple.com${NNBSP}» n’est pas un nom de domaine${NNBSP}; écrivez-en un comme example.com.`);
    expect(say('es', ref)).toBe('«exa$mple.com» no es un nombre de dominio; escribe uno como example.com.');
    expect(say('pt-BR', ref)).toBe('“exa$mple.com” não é um nome de domínio; escreva um como example.com.');
  });

  it('formats the length in the language', () => {
    const ref = refusal(`${'a'.repeat(1230)}.com`);
    expect(say('en', ref)).toBe('The rule is 1,234 characters long; keep it to 300.');
    expect(say('de', ref)).toBe('Die Regel ist 1.234 Zeichen lang; erlaubt sind höchstens 300.');
    expect(say('pt-BR', ref)).toBe('A regra tem 1.234 caracteres; o limite é 300.');
    expect(say('fr', ref)).toContain(`${new Intl.NumberFormat('fr').format(1234)} caractères`);
  });

  it('hands the settings form the key and arguments, with the English kept as `message`', () => {
    const result = validateClipboardSettings({
      rules: [{ match: 'exa$mple.com', action: 'deny' }],
      defaults: { utm: 'source=x' },
    });
    if (result.ok) throw new Error('the settings were accepted');
    const at = (path: string) => result.issues.find((i) => i.path.join('.') === path);
    expect(at('rules.0.match')).toEqual({
      path: ['rules', '0', 'match'],
      key: 'validation.clipboard.notADomain',
      params: { text: 'exa$mple.com' },
      message: englishText({ key: 'validation.clipboard.notADomain', params: { text: 'exa$mple.com' } }),
    });
    expect(at('rules.0.match')?.message).toBe('“exa$mple.com” is not a domain name; write one like example.com.');
    // UTM defaults that are not an object: validateUtm's own keyed refusal, not an English line.
    expect(at('defaults.utm')?.key).toBe('validation.utm.paramsObject');
    expect(result.issues.every((i) => typeof i.key === 'string')).toBe(true);
  });
});
