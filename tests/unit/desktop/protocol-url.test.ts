import { describe, expect, it, vi } from 'vitest';
import { NewLinkRequests } from '../../../electron/main/new-link-requests.js';
import {
  isShortenableUrl,
  parseProtocolUrl,
  PROTOCOL_SCHEME,
  protocolUrlFromArgv,
} from '../../../electron/main/protocol-url.js';

const link = (target: string): string => `linkdeck://new?url=${encodeURIComponent(target)}`;

describe('linkdeck://new links', () => {
  it('uses the linkdeck scheme', () => {
    expect(PROTOCOL_SCHEME).toBe('linkdeck');
  });

  it('accepts one http(s) URL to shorten', () => {
    expect(parseProtocolUrl(link('https://example.com/a?b=1&c=2#d'))).toEqual({
      action: 'new',
      url: 'https://example.com/a?b=1&c=2#d',
    });
    expect(
      parseProtocolUrl(`linkdeck://new/?url=${encodeURIComponent('http://example.com')}`),
    ).toEqual({
      action: 'new',
      url: 'http://example.com/',
    });
    expect(
      parseProtocolUrl(`LINKDECK://NEW?url=${encodeURIComponent('https://a.example/')}`)?.url,
    ).toBe('https://a.example/');
    expect(parseProtocolUrl(link('https://bücher.example/ü'))?.url).toBe(
      'https://xn--bcher-kva.example/%C3%BC',
    );
  });

  it('refuses any other target scheme', () => {
    for (const target of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/',
      'linkdeck://new?url=https://example.com',
      'smb://host/share',
      '//example.com/',
      'example.com',
    ])
      expect(parseProtocolUrl(link(target))).toBeNull();
  });

  it('refuses credentials, missing, repeated or oversized targets', () => {
    expect(parseProtocolUrl(link('https://bank.example@evil.example/'))).toBeNull();
    expect(parseProtocolUrl(link('https://user:pw@example.com/'))).toBeNull();
    expect(parseProtocolUrl('linkdeck://new')).toBeNull();
    expect(parseProtocolUrl('linkdeck://new?url=')).toBeNull();
    expect(
      parseProtocolUrl(
        `${link('https://a.example/')}&url=${encodeURIComponent('https://b.example/')}`,
      ),
    ).toBeNull();
    expect(parseProtocolUrl(link(`https://example.com/${'a'.repeat(4100)}`))).toBeNull();
    expect(
      parseProtocolUrl(`linkdeck://new?url=https://x.example/&pad=${'a'.repeat(20_000)}`),
    ).toBeNull();
  });

  it('refuses other actions, other schemes and malformed links', () => {
    for (const raw of [
      `linkdeck://delete?url=${encodeURIComponent('https://example.com/')}`,
      `linkdeck://new/extra?url=${encodeURIComponent('https://example.com/')}`,
      `linkdeck://new:8080?url=${encodeURIComponent('https://example.com/')}`,
      `linkdeck://me@new?url=${encodeURIComponent('https://example.com/')}`,
      `linkdeck:new?url=${encodeURIComponent('https://example.com/')}`,
      `https://new?url=${encodeURIComponent('https://example.com/')}`,
      'not a url',
      '',
    ])
      expect(parseProtocolUrl(raw)).toBeNull();
    expect(parseProtocolUrl(42)).toBeNull();
    expect(parseProtocolUrl(undefined)).toBeNull();
  });

  it('tells shortenable URLs apart', () => {
    expect(isShortenableUrl('https://example.com')).toBe(true);
    expect(isShortenableUrl('http://127.0.0.1:8080/x')).toBe(true);
    expect(isShortenableUrl('https://')).toBe(false);
    expect(isShortenableUrl('mailto:a@example.com')).toBe(false);
  });

  it('finds the link among launch arguments', () => {
    expect(
      protocolUrlFromArgv(['/opt/Linkdeck/linkdeck', '--no-sandbox', 'linkdeck://new?url=x']),
    ).toBe('linkdeck://new?url=x');
    expect(protocolUrlFromArgv(['C:\\Linkdeck.exe', '--', 'LinkDeck://new?url=x'])).toBe(
      'LinkDeck://new?url=x',
    );
    expect(protocolUrlFromArgv(['/opt/Linkdeck/linkdeck', '.'])).toBeNull();
  });
});

describe('new-link requests', () => {
  const request = (n: number) => ({ action: 'new' as const, url: `https://example.com/${n}` });

  it('wait for a handler, then reach it in order', () => {
    const requests = new NewLinkRequests();
    requests.push(request(1));
    requests.push(request(2));
    const handler = vi.fn();
    requests.handle(handler);
    expect(handler.mock.calls.map(([r]) => r)).toEqual([request(1), request(2)]);
    requests.push(request(3));
    expect(handler).toHaveBeenLastCalledWith(request(3));
  });

  it('keep only the latest few while nothing handles them', () => {
    const requests = new NewLinkRequests(() => {}, 2);
    for (const n of [1, 2, 3]) requests.push(request(n));
    const handler = vi.fn();
    requests.handle(handler);
    expect(handler.mock.calls.map(([r]) => r)).toEqual([request(2), request(3)]);
  });

  it('go to the newest handler; its undo restores the one it replaced', () => {
    const requests = new NewLinkRequests();
    const fallback = vi.fn();
    const quickShorten = vi.fn();
    requests.handle(fallback);
    const undo = requests.handle(quickShorten);
    requests.push(request(1));
    expect(quickShorten).toHaveBeenCalledTimes(1);
    expect(fallback).not.toHaveBeenCalled();
    undo();
    requests.push(request(2));
    expect(fallback).toHaveBeenCalledWith(request(2));
  });

  it('survive a handler that throws', () => {
    const log: string[] = [];
    const requests = new NewLinkRequests((m) => log.push(m));
    requests.handle(() => {
      throw new Error('window gone');
    });
    requests.push(request(1));
    expect(log).toEqual(['[protocol] the new-link handler failed: Error: window gone']);
  });
});
