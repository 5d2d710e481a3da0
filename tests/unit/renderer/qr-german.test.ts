// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import QrForm from '../../../renderer/src/components/qr/QrForm.vue';
import QrDesigner from '../../../renderer/src/components/qr/QrDesigner.vue';
import { mountInLanguage } from '../../support/mount-in-language.js';

/* The QR codes section in German (issue 44): form, designer, plurals with one and several codes. */

const ui = mountInLanguage('de');

function expectNoEnglish(wrapper: VueWrapper): void {
  const text = wrapper.text();
  expect(text).not.toMatch(/\bqr\.[a-z]/);
  expect(text).not.toMatch(/\b(Name|Type|Foreground|Background|Create|Cancel|Close|Design and export|Preview|Size|Margin|Scans are|static code)\b/);
}

const item = (name: string) => ({ text: `https://example.com/${name}`, name, caption: null });

describe('QR codes in German', () => {
  it('shows the form in German and checks its fields in German', async () => {
    const form = ui.mount(QrForm);
    expect(form.get('h2').text()).toBe('Neuer QR-Code');
    expect(form.text()).toContain('Scans werden gezählt: Der Code enthält einen Kurzlink, der weiterleitet.');
    expect(form.text()).toContain('Webadresse');
    await form.get('input[data-testid="qr-foreground"]').setValue('nope');
    await form.get('form').trigger('submit');
    await flushPromises();
    expect(form.get('[data-field="foreground"]').text()).toContain('Schreiben Sie die Farbe als #rrggbb oder rgb(r,g,b).');
    expectNoEnglish(form);
  });

  it('says the shared checks’ problems (content, contrast, designer limits) in German (issue 44)', async () => {
    const form = ui.mount(QrForm);
    await form.get('[data-field="data"] input').setValue('example.com');
    await form.get('input[data-testid="qr-foreground"]').setValue('#777777');
    await form.get('input[data-testid="qr-background"]').setValue('#888888');
    await form.get('form').trigger('submit');
    await flushPromises();
    expect(form.get('[data-field="data"]').text()).toContain('Geben Sie eine vollständige Webadresse ein, die mit http:// oder https:// beginnt.');
    expect(form.get('[data-field="foreground"]').text()).toContain('Die Farben liegen zu nah beieinander, als dass eine Kamera sie unterscheiden könnte (Kontrast 1,2:1;');
    const designer = ui.mount(QrDesigner, { props: { items: [item('menu')], skipped: [] } });
    await designer.get('input[data-testid="qr-design-size"]').setValue('10');
    await flushPromises();
    expect(designer.get('[data-field="size"]').text()).toContain('Wählen Sie eine Größe von 64 bis 4096 Pixeln.');
    expect(form.text() + designer.text()).not.toMatch(/validation\.|Enter a |Choose a |too close/);
  });

  it('names one code and several codes with German plurals', () => {
    const one = ui.mount(QrDesigner, { props: { items: [item('menu')], skipped: [] } });
    expect(one.get('h2').text()).toBe('Diesen QR-Code gestalten und exportieren');
    expect(one.text()).toContain('PDF zum Drucken');
    expectNoEnglish(one);
    const several = ui.mount(QrDesigner, { props: { items: [item('a'), item('b'), item('c')], skipped: ['Poster'] } });
    expect(several.get('h2').text()).toBe('3 QR-Codes gestalten und exportieren');
    expect(several.get('[data-testid="qr-designer-skipped"]').text()).toContain('Ausgelassen (1): Poster.');
    expect(several.text()).toContain('PNG-Dateien (ZIP)');
    expectNoEnglish(several);
  });
});
