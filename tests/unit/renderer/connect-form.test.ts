// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import ConnectForm from '../../../renderer/src/components/ConnectForm.vue';
import { fail, installFakeBridge, keychainOk, ok, remoteProfile, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;

beforeEach(() => {
  fake = installFakeBridge();
  fake.answer('profiles:list', ok({ profiles: [], currentId: null, keychain: keychainOk }));
  pinia = createPinia();
  setActivePinia(pinia);
});

afterEach(() => {
  delete window.linkdeck;
});

const mountForm = () => mount(ConnectForm, { global: { plugins: [pinia] }, attachTo: document.body });

async function fill(wrapper: VueWrapper, fields: { name?: string; baseUrl?: string; apiKey?: string }) {
  if (fields.name !== undefined) await wrapper.get('input[data-testid="connect-name"]').setValue(fields.name);
  if (fields.baseUrl !== undefined) await wrapper.get('input[data-testid="connect-base-url"]').setValue(fields.baseUrl);
  if (fields.apiKey !== undefined) await wrapper.get('input[data-testid="connect-api-key"]').setValue(fields.apiKey);
}

async function submit(wrapper: VueWrapper) {
  await wrapper.get('form').trigger('submit');
  await flushPromises();
}

const text = (wrapper: VueWrapper, testId: string) => {
  const found = wrapper.find(`[data-testid="${testId}"]`);
  return found.exists() ? found.text() : null;
};

describe('ConnectForm', () => {
  it('asks for every empty field next to it and sends nothing', async () => {
    const wrapper = mountForm();

    await submit(wrapper);

    expect(text(wrapper, 'connect-name-error')).toBe('Give the profile a name.');
    expect(text(wrapper, 'connect-base-url-error')).toMatch(/Enter the address of the service/);
    expect(text(wrapper, 'connect-api-key-error')).toMatch(/Paste the API key/);
    expect(fake.callsTo('profiles:connect')).toEqual([]);
    wrapper.unmount();
  });

  it('rejects an address that is not http(s) and sends nothing', async () => {
    const wrapper = mountForm();
    await fill(wrapper, { name: 'Work', baseUrl: 'links.example.com', apiKey: 'k-123' });

    await submit(wrapper);

    expect(text(wrapper, 'connect-base-url-error')).toBe('The address must start with https:// or http:// (for example https://links.example.com).');
    expect(text(wrapper, 'connect-name-error')).toBeNull();
    expect(text(wrapper, 'connect-api-key-error')).toBeNull();
    expect(fake.callsTo('profiles:connect')).toEqual([]);
    wrapper.unmount();
  });

  it('links each message to its field for screen readers', async () => {
    const wrapper = mountForm();

    await submit(wrapper);

    const input = wrapper.get('input[data-testid="connect-api-key"]');
    expect(input.attributes('aria-invalid')).toBe('true');
    expect(document.getElementById(input.attributes('aria-describedby') ?? '')?.textContent).toMatch(/Paste the API key/);
    expect(document.querySelector(`label[for="${input.attributes('id')}"]`)?.textContent).toContain('API key');
    wrapper.unmount();
  });

  it('uses a password input for the key', () => {
    const wrapper = mountForm();

    expect(wrapper.get('input[data-testid="connect-api-key"]').attributes('type')).toBe('password');
    wrapper.unmount();
  });

  it('says in words when the service refuses the key, and forgets the key', async () => {
    fake.answer('profiles:connect', fail('unauthorized', 'HTTP 401'));
    const wrapper = mountForm();
    await fill(wrapper, { name: 'Work', baseUrl: 'https://links.example.com', apiKey: 'wrong-key' });

    await submit(wrapper);

    expect(fake.callsTo('profiles:connect')).toEqual([{ name: 'Work', baseUrl: 'https://links.example.com', apiKey: 'wrong-key' }]);
    expect(text(wrapper, 'connect-error')).toMatch(/^Not connectedThe service refused this API key\./);
    expect((wrapper.get('input[data-testid="connect-api-key"]').element as HTMLInputElement).value).toBe('');
    // The other fields stay, so only the key has to be pasted again.
    expect((wrapper.get('input[data-testid="connect-base-url"]').element as HTMLInputElement).value).toBe('https://links.example.com');
    expect(wrapper.html()).not.toContain('wrong-key');
    wrapper.unmount();
  });

  it('shows the service’s own words for other failures', async () => {
    fake.answer('profiles:connect', fail('offline', 'Could not reach https://links.example.com: connection refused.'));
    const wrapper = mountForm();
    await fill(wrapper, { name: 'Work', baseUrl: 'https://links.example.com', apiKey: 'k' });

    await submit(wrapper);

    expect(text(wrapper, 'connect-error')).toBe('Not connectedCould not reach https://links.example.com: connection refused.');
    wrapper.unmount();
  });

  it('puts validation issues from the backend next to their fields', async () => {
    fake.answer('profiles:connect', fail('invalid-input', 'baseUrl: not reachable', { issues: [{ path: ['baseUrl'], message: 'No link service answers at this address.' }] }));
    const wrapper = mountForm();
    await fill(wrapper, { name: 'Work', baseUrl: 'https://example.com', apiKey: 'k' });

    await submit(wrapper);

    expect(text(wrapper, 'connect-base-url-error')).toBe('No link service answers at this address.');
    expect(text(wrapper, 'connect-error')).toBeNull();
    wrapper.unmount();
  });

  it('connects with trimmed values, announces the profile and clears the key', async () => {
    fake.answer('profiles:connect', ok(remoteProfile));
    const wrapper = mountForm();
    await fill(wrapper, { name: ' Work ', baseUrl: 'https://links.example.com ', apiKey: ' right-key ' });

    await submit(wrapper);

    expect(fake.callsTo('profiles:connect')).toEqual([{ name: 'Work', baseUrl: 'https://links.example.com', apiKey: 'right-key' }]);
    expect(wrapper.emitted('connected')).toEqual([[remoteProfile]]);
    expect((wrapper.get('input[data-testid="connect-api-key"]').element as HTMLInputElement).value).toBe('');
    expect(fake.callsTo('profiles:list').length).toBeGreaterThan(0);
    wrapper.unmount();
  });
});
