import { afterEach, describe, expect, it } from 'vitest';
import { compileRuleRegex } from '../../../electron/backend/clipboard/rule-regex.js';
import { validateClipboardSettings } from '../../../electron/backend/clipboard/settings.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';
import { invalidSettings } from '../../../electron/backend/clipboard/clipboard-app.js';
import { toAppError } from '../../../electron/backend/app-error.js';
import { unwrap } from '../../../renderer/src/bridge.js';
import { errorsFromIssues, issuesOf, type RuleForm } from '../../../renderer/src/components/clipboard/clipboard-form.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';

/*
 * A refused clipboard-rule regex reaches the settings form as a message ref (issue 44): worded
 * here in German the way the renderer words it, with the regex syntax kept as typed.
 */
const german = createTranslator('de', SHARED_MESSAGES);
const de = (ref: MessageRef) => renderMessage(ref, german);

function refusalRef(literal: string): MessageRef {
  const result = compileRuleRegex(literal);
  if (result.ok) throw new Error(`${literal} was accepted`);
  return result.ref;
}

describe('rule regex refusals in German', () => {
  const cases: [string, string][] = [
    ['/a(?=b)/', 'Der reguläre Ausdruck ist ungültig: Lookahead- und Lookbehind-Gruppen wie (?=…) oder (?<!…) werden nicht unterstützt'],
    ['/(?<!a)b/', 'Lookahead- und Lookbehind-Gruppen wie (?=…) oder (?<!…)'],
    ['/(a)\\1/', 'Rückverweise wie \\1 oder \\k<name> werden nicht unterstützt'],
    ['/(abc/', 'Der reguläre Ausdruck ist ungültig: eine „(“ wird nie geschlossen.'],
    ['/a{1001}/', 'die Anzahl {1001} ist falsch geordnet oder zu groß (höchstens 1.000,'],
    ['/\\u0041/', 'schreiben Sie einen Zeichencode als \\x41 oder \\x{0041}'],
    ['/(?x)a/', '„(?x“ beginnt keine Gruppe, die RE2 kennt: Schreiben Sie (…), (?:…), (?<name>…) oder ein Flag wie (?i)'],
    ['/abc/g', 'nur das Flag i (Groß-/Kleinschreibung ignorieren) erlaubt, nicht „g“.'],
    ['abc/', 'Schreiben Sie den regulären Ausdruck zwischen Schrägstriche, etwa /example\\.com\\/blog/ oder /…/i.'],
    ['/(?:a.{0,999}|b.{0,999})(?:a.{0,999}|b.{0,999})$/', 'er ist zu groß, sobald seine Wiederholungen ausgezählt werden (etwa mehrmals .{0,999})'],
  ];
  it.each(cases)('words %s in German', (literal, expected) => {
    const text = de(refusalRef(literal));
    expect(text).toContain(expected);
    expect(text).not.toMatch(/validation\.clipboard\.|regular expression|not supported|never closed/);
  });

  it('hands the settings form the ref, not only English words', () => {
    const result = validateClipboardSettings({ rules: [{ match: '/a(?=b)/', action: 'allow' }] });
    expect(result.ok).toBe(false);
    const issue = result.ok ? undefined : result.issues.find((i) => i.path.join('.') === 'rules.0.match');
    expect(issue?.key).toBe('validation.clipboard.regexInvalid');
    expect(issue?.message).toMatch(/^The regular expression is not valid: look-ahead/);
    expect(de({ key: issue?.key ?? '', params: issue?.params as MessageRef['params'] })).toMatch(
      /^Der reguläre Ausdruck ist ungültig: Lookahead-/,
    );
  });
});

describe('a refused rule regex in the settings form, in German', () => {
  afterEach(() => setAppLocale('en'));

  it('shows the backend’s refusal next to the rule’s match field in German', () => {
    const result = validateClipboardSettings({ rules: [{ match: '/(abc/', action: 'allow' }] });
    if (result.ok) throw new Error('the settings were accepted');
    // As the renderer receives it over the boundary.
    const envelope = JSON.parse(JSON.stringify({ ok: false, error: toAppError(invalidSettings(result.issues)) })) as unknown;
    let error: unknown;
    try {
      unwrap(envelope);
    } catch (caught) {
      error = caught;
    }
    setAppLocale('de');
    const sent = [{ key: 'r1' }] as unknown as RuleForm[];
    const errors = errorsFromIssues(issuesOf((error as { details?: unknown }).details), sent);
    expect(errors['rules.r1.match']).toBe('Der reguläre Ausdruck ist ungültig: eine „(“ wird nie geschlossen.');
  });
});
