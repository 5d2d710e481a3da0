/**
 * The Playwright init script that installs the fake desktop bridge (fake-desktop-bridge.ts) in a
 * page before the page's own scripts run. The fake is written in TypeScript against the contract;
 * here it is transpiled (TypeScript's own transpileModule: types erased, nothing bundled, since it
 * imports types only) into a classic script that calls it with the given configuration.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { FakeDesktopConfig } from './fake-desktop-bridge.js';

const SOURCE = join(import.meta.dirname, 'fake-desktop-bridge.ts');

export function desktopBridgeInitScript(config: FakeDesktopConfig): string {
  const { outputText, diagnostics } = ts.transpileModule(readFileSync(SOURCE, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, verbatimModuleSyntax: false },
    reportDiagnostics: true,
    fileName: SOURCE,
  });
  if (diagnostics?.length) throw new Error(`fake-desktop-bridge.ts: ${ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, '\n')}`);
  if (/\brequire\(/.test(outputText)) throw new Error('fake-desktop-bridge.ts must import types only: it runs in the page, unbundled.');
  return `(function () {\n  var exports = {};\n${outputText}\n  exports.installDesktopBridge(${JSON.stringify(config)});\n})();\n`;
}
