import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, metaPolicy, withCspMeta } from '../../../electron/main/csp.js';
import { prepareIndexHtml, webContentSecurityPolicy } from '../../../electron/web/csp.js';

const directives = (csp: string): Map<string, string[]> =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );

describe('the Electron window CSP', () => {
  const csp = directives(contentSecurityPolicy());

  it('defaults to nothing and allows scripts only from the app itself', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('gives the page no network at all', () => {
    expect(csp.get('connect-src')).toEqual(["'none'"]);
  });

  it('has no eval, no inline script and no remote source anywhere', () => {
    const all = contentSecurityPolicy();
    expect(all).not.toMatch(/unsafe-eval|wasm-unsafe-eval|strict-dynamic/);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(all).not.toMatch(/https?:|wss?:|\*/);
  });

  it("opens connect-src to 'self' only for the dev server's hot reload", () => {
    const dev = directives(contentSecurityPolicy({ dev: true }));
    expect(dev.get('connect-src')).toEqual(["'self'"]);
    expect(dev.get('script-src')).toEqual(["'self'"]);
  });
});

describe('the CSP <meta> written into index.html at build time', () => {
  const source = `<!doctype html><html><head>
    <meta charset="UTF-8" />
    <meta
      http-equiv="Content-Security-Policy"
      content="default-src 'self'; connect-src 'self'"
    />
    <title>Linkdeck</title></head><body></body></html>`;

  it('replaces the page meta with the window policy, after the charset', () => {
    const html = withCspMeta(source, contentSecurityPolicy());
    const metas = html.match(/http-equiv="Content-Security-Policy"/g) ?? [];
    expect(metas).toHaveLength(1);
    expect(html).toContain(`content="${metaPolicy(contentSecurityPolicy())}"`);
    expect(html.indexOf('charset')).toBeLessThan(html.indexOf('Content-Security-Policy'));
    expect(html).not.toContain("connect-src 'self'");
  });

  it('leaves out the directives a meta cannot carry', () => {
    expect(metaPolicy(contentSecurityPolicy())).not.toContain('frame-ancestors');
    expect(metaPolicy(contentSecurityPolicy())).toContain("connect-src 'none'");
  });
});

describe('the web shell CSP', () => {
  it("is the window's policy with connect-src 'self' for the calls to the shell", () => {
    const web = directives(webContentSecurityPolicy());
    const windowPolicy = directives(contentSecurityPolicy());
    expect(web.get('connect-src')).toEqual(["'self'"]);
    web.delete('connect-src');
    windowPolicy.delete('connect-src');
    expect(web).toEqual(windowPolicy);
  });

  it('drops the page meta and loads the bridge before the app script', () => {
    const html = prepareIndexHtml(
      `<html><head><meta http-equiv="Content-Security-Policy" content="connect-src 'none'" /><script type="module" src="./assets/app.js"></script></head></html>`,
      '/linkdeck-bridge.js',
    );
    expect(html).not.toContain('Content-Security-Policy');
    expect(html.indexOf('<script src="/linkdeck-bridge.js"></script>')).toBeGreaterThanOrEqual(0);
    expect(html.indexOf('/linkdeck-bridge.js')).toBeLessThan(html.indexOf('./assets/app.js'));
  });
});
