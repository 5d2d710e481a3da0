import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { appErrorMessages, englishMessages, sourceFiles, visibleTexts, type VisibleText } from './visible-text.js';

/**
 * Issue 28: the app's words as a person reads them. Internal terms of the code (the mirror, the
 * outbox, an op, an envelope, a snapshot…) must not reach the screen, in the renderer's text or in
 * the error messages the backend and the service raise for people. "Outbox" stays as the name of
 * the view that says what it is ("Changes waiting to be sent"), so the capitalised name is allowed
 * and the view's explanation is checked here too.
 */

const root = resolve(import.meta.dirname, '../../../..');

interface Term {
  name: string;
  pattern: RegExp;
  instead: string;
}

// A term counts as a word of its own: not inside a test id, a class or a channel name
// ("outbox-item", "outbox:changed").
const word = (body: string, flags = 'i') => new RegExp(`(?<![\\w\\-./:])${body}(?![\\w\\-/:])`, flags);

const TERMS: Term[] = [
  { name: 'mirror', pattern: word("mirror(?:s|ed|ing|'s)?"), instead: '"the copy on this computer", "synced", "not synced yet"' },
  // Lower-case only: "Outbox" is the view's name, which the view explains.
  { name: 'outbox', pattern: word('outbox', ''), instead: '"Outbox (changes waiting to be sent)" or "waiting to be sent"' },
  { name: 'envelope', pattern: word('envelopes?'), instead: 'what happened, in words' },
  { name: 'sync state', pattern: word('sync[ -]state'), instead: '"synced 5 min ago", "not synced yet"' },
  { name: 'op', pattern: word('(?:op|ops|opId|op id)'), instead: '"change", "the change waiting to be sent"' },
  { name: 'snapshot', pattern: word('snapshots?'), instead: '"reading" (of the link\'s clicks)' },
  { name: 'payload', pattern: word('payloads?'), instead: 'what was sent' },
  { name: 'IPC', pattern: word('IPC'), instead: 'say what failed for the person' },
  { name: 'renderer', pattern: word('renderer'), instead: '"this window"' },
  { name: 'mutation', pattern: word('mutations?'), instead: '"change"' },
];

/**
 * Places where a term must stay for now, each with why. An entry nothing matches any more fails
 * the test, so the list cannot outlive its reasons.
 */
const ALLOWED: Array<{ file: string; text: RegExp; why: string }> = [
];

function findings(texts: VisibleText[]): string[] {
  const out: string[] = [];
  for (const t of texts) {
    for (const term of TERMS) {
      if (term.pattern.test(t.text)) out.push(`${t.file}:${t.line}: "${t.text}" uses "${term.name}" — say ${term.instead}`);
    }
  }
  return out;
}

function allowed(line: string): boolean {
  return ALLOWED.some((a) => line.startsWith(`${a.file}:`) && a.text.test(line));
}

function everyText(): VisibleText[] {
  const renderer = sourceFiles(resolve(root, 'renderer/src')).flatMap((f) => visibleTexts(root, f));
  const errors = sourceFiles(resolve(root, 'electron'))
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => appErrorMessages(root, f));
  return [...renderer, ...errors, ...englishMessages(root)];
}

describe('the words of the app', () => {
  it('use no internal term a person would not know (mirror, outbox, op, envelope, snapshot…)', () => {
    const all = findings(everyText());
    const unexplained = all.filter((line) => !allowed(line));
    expect(unexplained, unexplained.join('\n')).toEqual([]);
    const stale = ALLOWED.filter((a) => !all.some((line) => line.startsWith(`${a.file}:`) && a.text.test(line)));
    expect(stale.map((a) => `${a.file} (${a.why}) no longer needs its exception`)).toEqual([]);
  });

  it('catch a term put back into a template, a template expression, a script or an error message', () => {
    const vue = `<script setup lang="ts">
const note = 'Figures from the mirror, read just now.';
</script>
<template>
  <NAlert title="Could not read the outbox">Synced {{ 'snapshot' + ' taken' }}.</NAlert>
  <NButton :title="\`Retry op \${id}\`" aria-label="Envelope">Go</NButton>
</template>`;
    const found = findings(visibleTexts(root, resolve(root, 'renderer/src/Reintroduced.vue'), vue));
    expect(found.map((f) => f.replace(/ — .*/, '')).sort()).toEqual([
      'renderer/src/Reintroduced.vue:2: "Figures from the mirror, read just now." uses "mirror"',
      'renderer/src/Reintroduced.vue:5: "Could not read the outbox" uses "outbox"',
      'renderer/src/Reintroduced.vue:6: "Envelope" uses "envelope"',
      'renderer/src/Reintroduced.vue:6: "Retry op {…}" uses "op"',
    ]);
    const ts = `throw AppError.of('not-found', 'This link is not in the mirror any more.');`;
    expect(findings(appErrorMessages(root, resolve(root, 'electron/backend/x.ts'), ts))).toHaveLength(1);
    // Code is not words: a test id, a class, a channel name and an identifier pass.
    const code = `<template><li class="outbox-item" data-testid="outbox-item" :data-op="item.opId">{{ call('outbox:list') }}</li></template>`;
    expect(findings(visibleTexts(root, resolve(root, 'renderer/src/Code.vue'), code))).toEqual([]);
  });

  it('explain the Outbox where it is named: its view says what it holds', () => {
    // The view shows its introduction from the message files: the key it uses, and the words.
    expect(readFileSync(resolve(root, 'renderer/src/views/OutboxView.vue'), 'utf8')).toContain("'outbox.intro'");
    const intro = englishMessages(root).find((m) => m.file.endsWith('en/outbox.json') && /^Changes waiting to be sent/.test(m.text));
    expect(intro).toBeDefined();
  });
});
