import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The .deb publishes a homepage (Homepage:) and a maintainer (Maintainer:, "Name <e-mail>" in
 * Debian's policy). Linkdeck has no public address and no maintainer e-mail of its own, so
 * package.json names neither, and electron-builder refuses to make the .deb until they are
 * given; a clone of the project's GitHub repository gets its homepage from its `origin`. These
 * tests run electron-builder's own check (app-builder-lib's FpmTarget.computeFpmMetaInfoOptions
 * and AppInfo.computePackageUrl, the version installed) over package.json as it is.
 */
const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  homepage?: string;
  author?: unknown;
  build: { linux?: Record<string, unknown>; deb?: Record<string, unknown> };
};

interface RepositoryInfo {
  type: string;
  domain: string;
  user: string;
  project: string;
}

const require = createRequire(join(root, 'package.json'));
const { default: FpmTarget } = require('app-builder-lib/out/targets/FpmTarget') as {
  default: { prototype: { computeFpmMetaInfoOptions(this: unknown): Promise<{ maintainer: string; url: string }> } };
};
const { AppInfo } = require('app-builder-lib/out/appInfo') as {
  AppInfo: { prototype: { computePackageUrl(this: unknown): Promise<string | null> } };
};

/**
 * What electron-builder checks before writing the .deb, for a clone with this `origin` (null: no
 * GitHub remote, as here) and these `-c.<key>=…` overrides of the linux options.
 */
function debMetadata(origin: RepositoryInfo | null, linux: Record<string, unknown> = {}) {
  const info = { metadata: pkg, repositoryInfo: Promise.resolve(origin) };
  const appInfo = { info, notNullDevMetadata: pkg, computePackageUrl: AppInfo.prototype.computePackageUrl };
  const target = {
    packager: { appInfo, info },
    // electron-builder gives the deb target the "deb" options over the "linux" ones.
    options: { ...pkg.build.linux, ...pkg.build.deb, ...linux },
  };
  return FpmTarget.prototype.computeFpmMetaInfoOptions.call(target);
}

// -c.extraMetadata.homepage=… is merged into the metadata electron-builder reads (packager.js, deepAssign).
const github: RepositoryInfo = { type: 'github', domain: 'github.com', user: 'someone', project: 'linkdeck' };

describe('the .deb\'s homepage and maintainer (no placeholders)', () => {
  it('package.json names no placeholder: no homepage, and a maintainer only with an e-mail', () => {
    expect(pkg.homepage).toBeUndefined();
    const maintainer = pkg.build.linux?.['maintainer'];
    if (maintainer !== undefined) expect(maintainer).toMatch(/^[^<>]+ <[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/);
    expect(pkg.author).toBeUndefined();
  });

  it('here (no GitHub origin), electron-builder refuses the .deb and says both are missing', async () => {
    await expect(debMetadata(null)).rejects.toThrow(/Please specify project homepage[\s\S]*Please specify author 'email'/);
  });

  it('a clone of the GitHub repository gets its address from origin, and is still refused without a maintainer', async () => {
    const refusal = debMetadata(github);
    await expect(refusal).rejects.toThrow(/Please specify author 'email'/);
    await expect(refusal).rejects.not.toThrow(/homepage/);
  });

  it('packages once a maintainer with an e-mail is given (npm run dist -- -c.linux.maintainer="Name <address>")', async () => {
    const meta = await debMetadata(github, { maintainer: 'Ann Example <ann@example.org>' });
    expect(meta.url).toBe('https://github.com/someone/linkdeck');
    expect(meta.maintainer).toBe('Ann Example <ann@example.org>');
  });
});
