// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useUtmTemplatesStore } from '../../../renderer/src/stores/utm-templates.js';
import type { UtmTemplate } from '../../../electron/shared/utm.js';
import { installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
const A: UtmTemplate = { name: 'A', params: { source: 'a' } };
const B: UtmTemplate = { name: 'B', params: { source: 'b' } };

beforeEach(() => {
  fake = installFakeBridge();
  setActivePinia(createPinia());
});

describe('UTM templates store', () => {
  it('pickers opening together share one read', async () => {
    fake.answer('utm:templates', ok([A]));
    const store = useUtmTemplatesStore();
    await Promise.all([store.load(), store.load()]);
    expect(fake.callsTo('utm:templates')).toHaveLength(1);
    expect(store.items).toEqual([A]);
    expect(store.status).toBe('ready');
    expect(store.find('a')).toEqual(A);
  });

  it('a read answered after a save does not bring the old list back', async () => {
    let answerRead: (value: unknown) => void = () => undefined;
    fake.answer('utm:templates', () => new Promise((resolve) => (answerRead = resolve)));
    fake.answer('utm:save-template', ok([A, B]));
    const store = useUtmTemplatesStore();
    const reading = store.load();
    await store.save('B', { source: 'b' });
    answerRead(ok([A]));
    await reading;
    expect(store.items).toEqual([A, B]);
  });

  it('an answer it cannot read is an error, and entries of the wrong shape are left out', async () => {
    fake.answer('utm:templates', ok({ not: 'a list' }));
    const store = useUtmTemplatesStore();
    await store.load();
    expect(store.status).toBe('error');
    fake.answer('utm:templates', ok([A, { name: 3 }, { name: 'C' }]));
    await store.load();
    expect(store.status).toBe('ready');
    expect(store.items).toEqual([A]);
  });
});
