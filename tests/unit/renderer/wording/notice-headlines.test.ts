import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentUses, sourceFiles } from './visible-text.js';

/**
 * Issue 28: every notice has a headline that says what happened, above the sentence that says
 * what to do. A Naive UI alert (NAlert) without a title is one sentence run together, or only
 * the error's words with nothing saying what failed.
 */

const root = resolve(import.meta.dirname, '../../../..');

/** Alerts left without a headline for now, each file with why; a file that no longer needs it fails. */
const WITHOUT_HEADLINE: Record<string, string> = {
  // Its one-line form (above the Links list) has its headline as the disclosure's summary: the
  // words open under it. Its full form has the title prop.
  'renderer/src/components/workspace/LocalOnlyNotice.vue': 'the one-line form: the headline is the summary of its disclosure',
};

describe('notices', () => {
  it('every alert has a headline (a title) above its words', () => {
    const alerts = sourceFiles(resolve(root, 'renderer/src'))
      .filter((f) => f.endsWith('.vue'))
      .flatMap((f) => componentUses(root, f, 'NAlert', 'title'));
    expect(alerts.length, 'the renderer has alerts to check').toBeGreaterThan(40);
    const missing = alerts.filter((a) => !a.hasProp && !(a.file in WITHOUT_HEADLINE)).map((a) => `${a.file}:${a.line}`);
    expect(missing, `alerts without a title:\n${missing.join('\n')}`).toEqual([]);
    const stale = Object.keys(WITHOUT_HEADLINE).filter((file) => !alerts.some((a) => a.file === file && !a.hasProp));
    expect(stale).toEqual([]);
  });

  it('a headline-less alert is caught, a titled one (static or bound) passes', () => {
    const vue = `<template>
  <NAlert type="error">{{ failure }}</NAlert>
  <NAlert type="error" title="Not saved">{{ failure }}</NAlert>
  <NAlert type="error" :title="what">{{ failure }}</NAlert>
</template>`;
    const uses = componentUses(root, resolve(root, 'renderer/src/X.vue'), 'NAlert', 'title', vue);
    expect(uses.map((u) => [u.line, u.hasProp])).toEqual([
      [2, false],
      [3, true],
      [4, true],
    ]);
  });
});
