import { describe, expect, it } from 'vitest';
import { detectUrl, DETECT_MAX_LENGTH } from '../../../electron/backend/clipboard/detect.js';

const qualifying: [string, string][] = [
  ['plain https', 'https://example.com/page'],
  ['plain http', 'http://example.com'],
  ['uppercase scheme and host', 'HTTPS://EXAMPLE.COM/Path'],
  ['query and fragment', 'https://example.com/a/b?x=1&y=%20z#frag'],
  ['IDN host', 'https://bücher.de/über'],
  ['punycode host', 'https://xn--bcher-kva.de/'],
  ['port', 'http://localhost:8080/dashboard'],
  ['IPv4 with port', 'http://192.168.1.10:3000/x'],
  ['IPv6 literal', 'http://[2001:db8::1]:8080/'],
  ['subdomains, hyphens and underscores', 'https://my_site-01.eu.cdn.example.co.uk/x'],
  ['trailing dot host', 'https://example.com./'],
  ['another URL in a query value', 'https://example.com/redirect?to=https://other.org/x'],
  ['an archive URL with a URL in its path', 'https://web.archive.org/web/2020/https://example.com/'],
  ['parentheses and commas in the path', 'https://en.wikipedia.org/wiki/Foo_(bar),_baz'],
  ['surrounding whitespace and a trailing newline', '  https://example.com/x \n'],
  ['Windows line ending', 'https://example.com/x\r\n'],
  ['a tab before it', '\thttps://example.com/'],
  ['exactly the maximum length', `https://e.com/${'a'.repeat(DETECT_MAX_LENGTH - 14)}`],
];

const ignored: [string, string][] = [
  ['empty', ''],
  ['whitespace only', '   \n '],
  ['plain text', 'hello world'],
  ['one word', 'example'],
  ['bare domain', 'example.com'],
  ['www without a scheme', 'www.example.com/page'],
  ['javascript:', 'javascript:alert(1)'],
  ['javascript: looking like a URL', 'javascript://example.com/%0Aalert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['file:', 'file:///etc/passwd'],
  ['ftp:', 'ftp://example.com/file'],
  ['mailto:', 'mailto:someone@example.com'],
  ['a scheme-relative URL', '//example.com/x'],
  ['http with no host', 'http://'],
  ['http:/ with a single slash', 'http:/example.com'],
  ['a sentence with a URL', 'see https://example.com/x please'],
  ['a URL then more text', 'https://example.com/x and more'],
  ['two URLs on two lines', 'https://a.com/x\nhttps://b.com/y'],
  ['two URLs separated by a space', 'https://a.com https://b.com'],
  ['two URLs separated by a comma', 'https://a.com,https://b.com'],
  ['two URLs separated by a semicolon', 'https://a.com/x;https://b.com/y'],
  ['two URLs glued together', 'https://a.com/xhttps://b.com/y'],
  ['a space inside', 'https://example.com/a b'],
  ['a line break inside', 'https://example.com/a\nb'],
  ['a non-breaking space inside', 'https://example.com/a\u00a0b'],
  ['a control character', 'https://example.com/a\u0007'],
  ['credentials', 'https://user:secret@example.com/'],
  ['a user name', 'https://user@example.com/'],
  ['angle brackets', '<https://example.com/>'],
  ['quotes', '"https://example.com/"'],
  ['a backslash', 'https://example.com\\evil.com'],
  ['a bad port', 'https://example.com:99999/'],
  ['an empty label', 'https://a..com/'],
  ['a label starting with a hyphen', 'https://-a.com/'],
  ['a comma in the host', 'https://a,b.com/'],
  ['an odd IPv4 form', 'https://1.2.3/'],
  ['a hexadecimal IPv4', 'https://0x7f.1/'],
  ['an IPv4 as one number', 'http://2130706433/'],
  ['an out-of-range IPv4', 'https://256.1.1.1/'],
  ['too long', `https://e.com/${'a'.repeat(DETECT_MAX_LENGTH)}`],
  ['a long document', `https://e.com/\n${' '.repeat(5000)}`],
  ['markdown link', '[site](https://example.com)'],
  ['HTML', '<a href="https://example.com">x</a>'],
  ['JSON string', '{"url":"https://example.com"}'],
];

describe('detectUrl', () => {
  it.each(qualifying)('takes %s', (_name, text) => {
    const found = detectUrl(text);
    expect(found).not.toBeNull();
    expect(found?.text).toBe(text.trim());
    expect(['http:', 'https:']).toContain(found?.url.protocol);
  });

  it.each(ignored)('ignores %s', (_name, text) => {
    expect(detectUrl(text)).toBeNull();
  });

  it('keeps the URL as copied for the service, and a parsed form for the rules', () => {
    const found = detectUrl(' https://Bücher.de/Über?q=1 ');
    expect(found?.text).toBe('https://Bücher.de/Über?q=1');
    expect(found?.url.hostname).toBe('xn--bcher-kva.de');
  });
});
