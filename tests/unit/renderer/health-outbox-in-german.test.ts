// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { durationText, healthHeadline, jobText } from '../../../renderer/src/components/health/health-text.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import OutboxView from '../../../renderer/src/views/OutboxView.vue';
import type { HealthJob, LinkHealth } from '../../../electron/shared/health.js';
import type { OutboxItem } from '../../../electron/shared/models.js';
import { ok } from './fake-bridge.js';

/*
 * Link health and the Outbox in German (issue 44): counts with each form of the plural, numbers
 * in German digits, and the Outbox view with no key and no English sentence left.
 */

const rawKey = /\b(links|linkDetail|linkEditor|utm|health|transfer|outbox|exports)\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b/;

const ui = mountInLanguage('de');

const job = (over: Partial<HealthJob>): HealthJob => ({ id: 'j', status: 'running', total: 10, checked: 0, broken: 0, notChecked: 0, startedAt: 0, finishedAt: null, ...over });

describe('link health in German', () => {
  it('counts links and broken ones with the singular and the plural, in German digits', () => {
    expect(jobText(job({ total: 1, checked: 0 }))).toBe('0 von 1 Link werden geprüft · keiner defekt');
    expect(jobText(job({ total: 2500, checked: 1200, broken: 3 }))).toBe('1.200 von 2.500 Links werden geprüft · 3 defekt');
    expect(jobText(job({ status: 'done', total: 5, checked: 5, broken: 1, notChecked: 2 }))).toBe('5 Links geprüft · 1 defekt · 2 nicht geprüft (private Adressen)');
    expect(durationText(1_250)).toBe('1,3 s');
  });

  it('says how a working link answers, after one redirect or several', () => {
    const base = { linkId: 1, url: 'https://a.test', state: 'ok', status: 200, problem: null, checkedAt: 0, timeMs: 10 } as unknown as LinkHealth;
    expect(healthHeadline({ ...base, chain: [{ url: 'a', status: 301 }, { url: 'b', status: 200 }] } as LinkHealth)).toBe('Funktioniert: antwortet mit 200 nach 1 Weiterleitung');
    expect(healthHeadline({ ...base, chain: [{ url: 'a', status: 301 }, { url: 'b', status: 302 }, { url: 'c', status: 200 }] } as LinkHealth)).toBe('Funktioniert: antwortet mit 200 nach 2 Weiterleitungen');
  });
});

describe('the Outbox in German', () => {
  it('shows each change’s state and tries in German, with no key and no English left', async () => {
    const item = (over: Partial<OutboxItem>): OutboxItem => ({ opId: 'a', summary: 'spring-sale', state: 'queued', attempts: 0, lastError: null, blockedBy: null, ...over }) as OutboxItem;
    const fake = ui.fake;
    fake.answer('connection:state', ok({ profileId: 'p', online: true }));
    fake.answer('outbox:list', ok([item({ opId: 'a', state: 'failed', attempts: 1, lastError: { code: 'x', message: '…' } } as never), item({ opId: 'b', attempts: 3, blockedBy: 'a' })]));
    const wrapper = ui.mount(OutboxView, { attachTo: document.body });
    await flushPromises();
    const text = wrapper.text();
    expect(text).toContain('Postausgang');
    expect(text).toContain('Einmal versucht');
    expect(text).toContain('3 Mal versucht');
    expect(text).toContain('wartet auf „spring-sale“ (abgelehnt: erneut senden oder verwerfen)');
    expect(text).not.toMatch(rawKey);
    expect(text).not.toMatch(/\b(Retry|Discard|Tried|Waiting|Failed|Changes)\b/);
  });
});
