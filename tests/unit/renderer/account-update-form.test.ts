// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import AccountUpdateForm from '../../../renderer/src/components/AccountUpdateForm.vue';
import { useNoticesStore } from '../../../renderer/src/stores/notices.js';
import { fail, installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;

const account = { id: 1, email: 'you@localhost', username: 'you', avatar: '', status: 'pro', expires: null, registered: '2025-01-01 10:00:00' };

beforeEach(() => {
  fake = installFakeBridge();
  fake.answer('account:get', ok(account));
  pinia = createPinia();
  setActivePinia(pinia);
});

afterEach(() => {
  delete window.linkdeck;
});

const mountForm = () => mount(AccountUpdateForm, { props: { currentEmail: 'you@localhost' }, global: { plugins: [pinia] } });

async function fill(wrapper: VueWrapper, fields: { email?: string; password?: string; confirmation?: string }) {
  if (fields.email !== undefined) await wrapper.get('input[data-testid="account-email"]').setValue(fields.email);
  if (fields.password !== undefined) await wrapper.get('input[data-testid="account-password"]').setValue(fields.password);
  if (fields.confirmation !== undefined) await wrapper.get('input[data-testid="account-confirm"]').setValue(fields.confirmation);
}

async function submit(wrapper: VueWrapper) {
  await wrapper.get('form').trigger('submit');
  await flushPromises();
}

const text = (wrapper: VueWrapper, testId: string) => {
  const found = wrapper.find(`[data-testid="${testId}"]`);
  return found.exists() ? found.text() : null;
};
const value = (wrapper: VueWrapper, testId: string) => (wrapper.get(`input[data-testid="${testId}"]`).element as HTMLInputElement).value;

describe('AccountUpdateForm', () => {
  it('rejects a malformed email next to the field and sends nothing', async () => {
    const wrapper = mountForm();
    await fill(wrapper, { email: 'not-an-email' });

    await submit(wrapper);

    expect(text(wrapper, 'account-email-error')).toBe('Enter an email address such as name@example.com.');
    expect(fake.callsTo('account:update')).toEqual([]);
  });

  it('rejects a password shorter than 8 characters', async () => {
    const wrapper = mountForm();
    await fill(wrapper, { password: 'short', confirmation: 'short' });

    await submit(wrapper);

    expect(text(wrapper, 'account-password-error')).toBe('Use at least 8 characters.');
    expect(text(wrapper, 'account-confirm-error')).toBeNull();
    expect(fake.callsTo('account:update')).toEqual([]);
  });

  it('rejects a confirmation that does not match', async () => {
    const wrapper = mountForm();
    await fill(wrapper, { password: 'long enough 1', confirmation: 'long enough 2' });

    await submit(wrapper);

    expect(text(wrapper, 'account-confirm-error')).toBe('The two passwords do not match.');
    expect(text(wrapper, 'account-password-error')).toBeNull();
    expect(fake.callsTo('account:update')).toEqual([]);
  });

  it('asks for a change when both fields are empty', async () => {
    const wrapper = mountForm();

    await submit(wrapper);

    expect(text(wrapper, 'account-email-error')).toBe('Enter a new email address, a new password, or both.');
    expect(fake.callsTo('account:update')).toEqual([]);
  });

  it('clears a message once the field is corrected', async () => {
    const wrapper = mountForm();
    await fill(wrapper, { email: 'nope' });
    await submit(wrapper);

    await fill(wrapper, { email: 'new@example.com' });

    expect(text(wrapper, 'account-email-error')).toBeNull();
  });

  it('sends only what changed, reloads the account and clears the passwords', async () => {
    fake.answer('account:update', ok(undefined));
    const wrapper = mountForm();
    await fill(wrapper, { email: 'new@example.com', password: 'a new password', confirmation: 'a new password' });

    await submit(wrapper);

    expect(fake.callsTo('account:update')).toEqual([{ email: 'new@example.com', password: 'a new password' }]);
    expect(fake.callsTo('account:get')).toHaveLength(1);
    expect(value(wrapper, 'account-password')).toBe('');
    expect(value(wrapper, 'account-confirm')).toBe('');
    expect(useNoticesStore().items.map((n) => n.text)).toEqual(['Email and password updated.']);
  });

  it('shows the service’s error in words and clears the passwords', async () => {
    fake.answer('account:update', fail('invalid-input', 'The email new@example.com is already used by another account on this service.'));
    const wrapper = mountForm();
    await fill(wrapper, { email: 'new@example.com', password: 'a new password', confirmation: 'a new password' });

    await submit(wrapper);

    // A headline says what happened; the service's words say why.
    expect(text(wrapper, 'account-update-error')).toBe('The account was not updatedThe email new@example.com is already used by another account on this service.');
    expect(value(wrapper, 'account-email')).toBe('new@example.com');
    expect(value(wrapper, 'account-password')).toBe('');
  });
});
