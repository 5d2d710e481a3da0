// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { untilDom } from './dom-signals.js';
import QRCode from 'qrcode';
import { decodePng, pngPixels } from '../../support/qr-read.js';
import LinkDetailQr from '../../../renderer/src/components/link-detail/LinkDetailQr.vue';
import { checkQrOptions, contrastRatio, normaliseHex, qrFileName, qrPngDataUrl, qrSvg, QR_DEFAULTS } from '../../../renderer/src/components/link-detail/qr-code.js';

const SHORT = 'http://127.0.0.1:4100/spring';

/** The module matrix qrcode builds for a text: what any scanner would read back. */
const modules = (text: string) => Array.from(QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.data).join('');

describe('QR options', () => {
  it('accepts #rgb and #rrggbb in any case and refuses everything else', () => {
    expect(normaliseHex('#ABC')).toBe('#aabbcc');
    expect(normaliseHex(' #1A2b3C ')).toBe('#1a2b3c');
    for (const bad of ['red', '#12345', '#1234567', 'abc', '#ggg', 'rgb(0,0,0)', '#aabbccdd']) expect(normaliseHex(bad)).toBeNull();
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('says which field is wrong and keeps no options while any is', () => {
    const check = checkQrOptions({ size: 64, foreground: 'black', background: '#fff' });
    expect(check.options).toBeNull();
    expect(check.errors.size).toMatch(/128 to 2048/);
    expect(check.errors.foreground).toMatch(/HEX/);
    expect(check.errors.background).toBeUndefined();
  });

  it('warns about low contrast and inverted codes but still renders them', () => {
    const low = checkQrOptions({ size: 256, foreground: '#999999', background: '#aaaaaa' });
    expect(low.options).toEqual({ size: 256, foreground: '#999999', background: '#aaaaaa' });
    expect(low.warning).toMatch(/^Low contrast \(1\.\d:1\)/);
    expect(checkQrOptions({ size: 256, foreground: '#fff', background: '#000' }).warning).toMatch(/inverted/);
    expect(checkQrOptions({ size: 256, foreground: '#000', background: '#fff' }).warning).toBeNull();
  });

  it('names the files after the alias with only safe characters', () => {
    expect(qrFileName('spring-sale', 'png')).toBe('qr-spring-sale.png');
    expect(qrFileName('a/b?c', 'svg')).toBe('qr-a-b-c.svg');
    expect(qrFileName('', 'svg')).toBe('qr-link.svg');
  });
});

describe('QR rendering', () => {
  it('encodes the text it is given: other text, other modules and other SVG paths', async () => {
    const a = await qrSvg(SHORT, QR_DEFAULTS);
    const b = await qrSvg(`${SHORT}2`, QR_DEFAULTS);
    expect(a).not.toBe(b);
    expect(modules(SHORT)).not.toBe(modules(`${SHORT}2`));
    // Rendering is deterministic: the same text gives the same code.
    expect(await qrSvg(SHORT, QR_DEFAULTS)).toBe(a);
  });

  it('writes the chosen size and colours into the SVG, and a PNG data URL', async () => {
    const svg = await qrSvg(SHORT, { size: 512, foreground: '#123456', background: '#fedcba' });
    expect(svg).toContain('width="512" height="512"');
    expect(svg).toContain('fill="#fedcba"');
    expect(svg).toContain('stroke="#123456"');
    const png = await qrPngDataUrl(SHORT, { size: 300, foreground: '#000000', background: '#ffffff' });
    expect(png).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(decodePng(png)).toBe(SHORT);
    expect(decodePng(await qrPngDataUrl(`${SHORT}2`, QR_DEFAULTS))).toBe(`${SHORT}2`);
  });
});

/**
 * The PNG is encoded asynchronously (a stream under Node): wait for the component's own signals,
 * the code for the current options made (aria-busy) and whether it can be downloaded (data-ready).
 */
async function ready(w: VueWrapper, state = 'true'): Promise<void> {
  const section = () => w.get('[data-testid="link-qr"]');
  await untilDom(() => section().attributes('aria-busy') === 'false' && section().attributes('data-ready') === state);
}

describe('LinkDetailQr', () => {
  afterEach(() => vi.restoreAllMocks());

  async function mountQr() {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:test/${blobs.length}`;
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const w = mount(LinkDetailQr, { props: { text: SHORT, alias: 'spring' }, attachTo: document.body });
    await ready(w);
    return { w, blobs, revoke };
  }

  it('offers PNG and SVG downloads of the short URL’s code with the chosen size and colours', async () => {
    const { w, blobs, revoke } = await mountQr();
    expect(w.get('[data-testid="link-qr"]').attributes('data-ready')).toBe('true');
    const png = w.get('[data-testid="link-qr-png"]');
    expect(png.element.tagName).toBe('A');
    expect(png.attributes('download')).toBe('qr-spring.png');
    expect(png.attributes('href')).toBe(await qrPngDataUrl(SHORT, QR_DEFAULTS));
    // What the downloaded PNG encodes, read by a scanner (jsqr), not by the code that drew it.
    expect(decodePng(png.attributes('href') ?? '')).toBe(SHORT);
    expect(pngPixels(png.attributes('href') ?? '').width).toBe(QR_DEFAULTS.size);
    expect(w.get('[data-testid="link-qr-svg"]').attributes('href')).toBe('blob:test/1');
    expect(await blobs[0]?.text()).toBe(await qrSvg(SHORT, QR_DEFAULTS));
    expect(w.get('[data-testid="link-qr-image"]').attributes('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);

    await w.get('[data-testid="link-qr-size"]').setValue('512');
    await w.get('[data-testid="link-qr-foreground"]').setValue('#123');
    await w.get('[data-testid="link-qr-background"]').setValue('#FFEEDD');
    await ready(w);
    expect(w.get('[data-testid="link-qr-svg"]').attributes('href')).toBe(`blob:test/${blobs.length}`);
    expect(await blobs[blobs.length - 1]?.text()).toContain('fill="#ffeedd"');

    const svg = w.get('[data-testid="link-qr-svg"]');
    expect(svg.attributes('download')).toBe('qr-spring.svg');
    const latest = blobs[blobs.length - 1];
    expect(latest?.type).toBe('image/svg+xml');
    const text = (await latest?.text()) ?? '';
    expect(text).toContain('width="512" height="512"');
    expect(text).toContain('stroke="#112233"');
    expect(text).toContain('fill="#ffeedd"');
    expect(svg.attributes('href')).toBe(`blob:test/${blobs.length}`);
    // The PNG for the new options: 512 px and still the short URL.
    const recoloured = w.get('[data-testid="link-qr-png"]').attributes('href') ?? '';
    expect(pngPixels(recoloured).width).toBe(512);
    expect(decodePng(recoloured)).toBe(SHORT);
    // Each new rendering frees the previous file.
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
    w.unmount();
  });

  it('shows what is wrong next to the field and disables the downloads until it is fixed', async () => {
    const { w } = await mountQr();
    await w.get('[data-testid="link-qr-foreground"]').setValue('blue');
    await w.get('[data-testid="link-qr-size"]').setValue('99999');
    await flushPromises();
    expect(w.get('[data-testid="link-qr-foreground-error"]').text()).toMatch(/HEX/);
    expect(w.get('[data-testid="link-qr-size-error"]').text()).toMatch(/128 to 2048/);
    expect(w.get('[data-testid="link-qr"]').attributes('data-ready')).toBe('false');
    expect(w.get('[data-testid="link-qr-png"]').attributes('href')).toBeUndefined();
    expect(w.get('[data-testid="link-qr-svg"]').attributes('href')).toBeUndefined();

    await w.get('[data-testid="link-qr-foreground"]').setValue('#cccccc');
    await w.get('[data-testid="link-qr-size"]').setValue('256');
    await ready(w);
    expect(w.find('[data-testid="link-qr-foreground-error"]').exists()).toBe(false);
    expect(w.get('[data-testid="link-qr-warning"]').text()).toMatch(/^Some phones may not read this codeLow contrast/);
    expect(w.get('[data-testid="link-qr"]').attributes('data-ready')).toBe('true');
    w.unmount();
  });
});
