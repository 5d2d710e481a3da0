import { describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  LOCAL_ONLY_SHORT,
  LOCAL_ONLY_TEXT,
  LOCAL_ONLY_TITLE,
  LOCAL_ONLY_WELCOME,
  parsePublicAddress,
  shortLinksLoopbackOnly,
  validatePublicAddress,
} from '../../../electron/shared/local-reach.js';

describe('whether a profile’s short links open beyond this computer', () => {
  it('is loopback-only for the local workspace without a public address, and only then', () => {
    expect(shortLinksLoopbackOnly({ kind: 'local' })).toBe(true);
    expect(shortLinksLoopbackOnly({ kind: 'local', publicUrl: 'https://go.example.com' })).toBe(false);
    expect(shortLinksLoopbackOnly({ kind: 'remote' })).toBe(false);
    expect(shortLinksLoopbackOnly(null)).toBe(false);
  });

  it('says what it means and both ways out', () => {
    expect(LOCAL_ONLY_TEXT).toMatch(/open only on this computer/);
    // Issue 32: the workspace serves its links itself, so they open only while the app runs.
    for (const words of [LOCAL_ONLY_TEXT, LOCAL_ONLY_SHORT, LOCAL_ONLY_TITLE, LOCAL_ONLY_WELCOME]) expect(words).toMatch(/while Linkdeck runs/);
    expect(LOCAL_ONLY_TEXT).toMatch(/Public address/);
    expect(LOCAL_ONLY_TEXT).toMatch(/hosted link service/);
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
