// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import BulkLiveSourceStep from '../../../renderer/src/components/bulk/BulkLiveSourceStep.vue';
import { useBulkStore } from '../../../renderer/src/stores/bulk.js';
import { fail, installFakeBridge, keychainOk, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;
let wrapper: VueWrapper | undefined;

beforeEach(() => {
  fake = installFakeBridge();
  fake.answer('profiles:list', ok({ profiles: [], currentId: null, keychain: keychainOk }));
  pinia = createPinia();
  setActivePinia(pinia);
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
});

const mountStep = () => (wrapper = mount(BulkLiveSourceStep, { global: { plugins: [pinia] }, attachTo: document.body }));
const text = (w: VueWrapper, testId: string) => {
  const found = w.find(`[data-testid="${testId}"]`);
  return found.exists() ? found.text() : null;
};
async function submit(w: VueWrapper) {
  await w.get('form').trigger('submit');
  await flushPromises();
}

describe('BulkLiveSourceStep', () => {
  it('says next to each field what is missing and sends nothing', async () => {
    const w = mountStep();
    await w.get('input[data-testid="live-address"]').setValue('');

    await submit(w);

    expect(text(w, 'live-address-error')).toBe('Enter the address of your Kutt (for example https://kutt.it).');
    expect(text(w, 'live-key-error')).toBe('Paste the API key from your Kutt settings.');
    expect(fake.callsTo('import:fetch-source')).toEqual([]);
  });

  it('refuses an address that is not http(s) and a key with spaces', async () => {
    const w = mountStep();
    await w.get('input[data-testid="live-address"]').setValue('kutt.example.com');
    await w.get('input[data-testid="live-key"]').setValue('abc def');

    await submit(w);

    expect(text(w, 'live-address-error')).toBe('The address must start with https:// or http://.');
    expect(text(w, 'live-key-error')).toBe('The key holds spaces or line breaks; paste the key alone.');
    expect(fake.callsTo('import:fetch-source')).toEqual([]);
  });

  it('sends the form once, shows the service error in words, keeps the key to correct it', async () => {
    fake.answer('import:fetch-source', fail('unauthorized', 'Kutt refused the key (HTTP 401: API key is not correct.).'));
    const w = mountStep();
    await w.get('input[data-testid="live-key"]').setValue('k-1');

    await submit(w);

    expect(fake.callsTo('import:fetch-source')).toEqual([{ source: 'kutt', baseUrl: 'https://kutt.it', apiKey: 'k-1', ownNetwork: false }]);
    // A headline says what happened; the other service's words say why.
    expect(text(w, 'live-error')).toBe('Could not read the other serviceKutt refused the key (HTTP 401: API key is not correct.).');
    expect((w.get('input[data-testid="live-key"]').element as HTMLInputElement).value).toBe('k-1');
  });

  it('hands a fetched table to the mapping step, recognised as the source, and forgets the key', async () => {
    fake.answer(
      'import:fetch-source',
      ok({
        source: 'kutt',
        label: 'Kutt at kutt.example',
        table: { headers: ['address', 'target'], records: [{ line: 1, fields: ['a1', 'https://example.com/1'] }], hasHeader: true, problems: [] },
        total: 1,
        pages: 1,
        notes: [],
      }),
    );
    const w = mountStep();
    await w.get('input[data-testid="live-address"]').setValue('https://kutt.example');
    await w.get('input[data-testid="live-key"]').setValue('k-1');

    await submit(w);

    const bulk = useBulkStore();
    expect(bulk.step).toBe('mapping');
    expect(bulk.recognised?.format).toBe('kutt');
    expect(bulk.recognised?.label).toBe('Kutt at kutt.example');
    expect(bulk.mapping).toEqual(['custom', 'url']);
    expect((w.get('input[data-testid="live-key"]').element as HTMLInputElement).value).toBe('');
  });

  it('YOURLS: asks for the signature token, or a user name and password, and sends the user name only when given', async () => {
    fake.answer('import:fetch-source', fail('unauthorized', 'YOURLS refused the key (HTTP 403: Please log in).'));
    const w = mountStep();
    await w.get('[data-testid="live-source-yourls"]').trigger('click');
    await flushPromises();
    expect(w.find('input[data-testid="live-username"]').exists()).toBe(true);
    await w.get('input[data-testid="live-address"]').setValue('https://sho.rt');

    await submit(w);
    expect(text(w, 'live-key-error')).toBe('Paste the signature token from your YOURLS admin (Tools → Secure passwordless API call), or give a user name and password.');

    await w.get('input[data-testid="live-username"]').setValue('admin');
    await submit(w);
    expect(text(w, 'live-key-error')).toBe('Enter the password of this YOURLS user.');
    expect(w.get(`label[for="${w.get('input[data-testid="live-key"]').attributes('id')}"]`).text()).toBe('Password');
    expect(fake.callsTo('import:fetch-source')).toEqual([]);

    await w.get('input[data-testid="live-key"]').setValue('pa55');
    await submit(w);
    await w.get('input[data-testid="live-username"]').setValue('');
    await w.get('input[data-testid="live-key"]').setValue('token-1');
    await submit(w);

    expect(fake.callsTo('import:fetch-source')).toEqual([
      { source: 'yourls', baseUrl: 'https://sho.rt', apiKey: 'pa55', username: 'admin', ownNetwork: false },
      { source: 'yourls', baseUrl: 'https://sho.rt', apiKey: 'token-1', ownNetwork: false },
    ]);
    expect(text(w, 'live-error')).toBe('Could not read the other serviceYOURLS refused the key (HTTP 403: Please log in).');
  });
});
