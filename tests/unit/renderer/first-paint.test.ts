// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { endFirstPaint, startFirstPaint } from '../../../renderer/src/first-paint/first-paint.js';

const link = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  shortUrl: `https://sho.rt/a${id}`,
  longUrl: `https://example.com/page-${id}`,
  title: `Page ${id}`,
  clicks: id * 1000,
  date: '2026-11-20 10:00:00',
  ...extra,
});
const answer = (items: unknown[], total = items.length) => Promise.resolve({ ok: true, value: { total, items } });
const drawn = () => document.querySelector('[data-testid="first-paint"]');
const rows = () => [...document.querySelectorAll('[data-testid="first-paint-row"]')].map((row) => row.textContent);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => endFirstPaint());

describe('the first rows drawn before the app has loaded', () => {
  it('draws the first window of the answer, with the total, hidden from assistive technology', async () => {
    startFirstPaint(answer([link(2), link(1)], 100_000));
    await settle();
    expect(drawn()?.getAttribute('aria-hidden')).toBe('true');
    expect(drawn()?.textContent).toContain('100,000 links');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toContain('a2');
    expect(rows()[0]).toContain('Page 2');
    expect(rows()[0]).toContain('https://example.com/page-2');
    expect(rows()[0]).toContain('2,000');
    expect(rows()[0]).toContain('2026-11-20');
  });

  it('draws as many rows as the window can show, at most 30', async () => {
    const many = Array.from({ length: 50 }, (_, i) => link(50 - i));
    const height = window.innerHeight;
    try {
      window.innerHeight = 480;
      startFirstPaint(answer(many, 50));
      await settle();
      expect(rows()).toHaveLength(10);
      endFirstPaint();

      window.innerHeight = 2000;
      startFirstPaint(answer(many, 50));
      await settle();
      expect(rows()).toHaveLength(30);
    } finally {
      window.innerHeight = height;
    }
  });

  it('writes what the answer holds as text, never as markup', async () => {
    startFirstPaint(answer([link(1, { title: '<img src=x onerror="window.__hit = 1">' })]));
    await settle();
    expect(document.querySelector('[data-testid="first-paint"] img')).toBeNull();
    expect(rows()[0]).toContain('<img src=x');
  });

  it('draws nothing for an error, an empty list or an answer of another shape', async () => {
    startFirstPaint(Promise.resolve({ ok: false, error: { code: 'offline', message: 'no' } }));
    startFirstPaint(answer([]));
    startFirstPaint(Promise.resolve({ ok: true, value: { items: 'not a list' } }));
    startFirstPaint(Promise.reject(new Error('gone')));
    await settle();
    expect(drawn()).toBeNull();
  });

  it('draws nothing once the app has ended the first paint, and the app removes a drawing', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    startFirstPaint(new Promise((r) => (resolve = r)));
    endFirstPaint();
    resolve({ ok: true, value: { total: 1, items: [link(1)] } });
    await settle();
    expect(drawn()).toBeNull();

    startFirstPaint(answer([link(1)]));
    await settle();
    expect(rows()).toHaveLength(1);
    endFirstPaint();
    expect(drawn()).toBeNull();
  });
});
