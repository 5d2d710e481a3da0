/**
 * Electron 45's Windows login items, as shell/browser/browser_win.cc implements them (read at
 * electron/electron 96f3996d, Aug 22 2026; the Electron binary cannot run here):
 *
 * - SetLoginItemSettings writes one value under HKCU\...\CurrentVersion\Run named
 *   `settings.name`, or the AppUserModelId when no name is given; its data is the executable and
 *   the arguments, each quoted by AddQuoteForArg (FormatCommandLineString). openAtLogin false
 *   deletes that one value (and its StartupApproved entry).
 * - GetLoginItemSettings' `openAtLogin` compares only the AppUserModelId's value with the
 *   executable and the asked arguments ("keep old openAtLogin behaviour"); `launchItems` lists
 *   every Run value whose program is this executable, with its name and arguments
 *   (GetLoginItemSettingsHelper).
 */
export class FakeWindowsLoginItems {
  /** HKCU's Run key: value name → command line, and what it was made from (CommandLine::FromString). */
  readonly run = new Map<string, { command: string; path: string; args: string[] }>();

  constructor(
    readonly appUserModelId: string,
    readonly execPath = 'C:\\Program Files\\Linkdeck\\Linkdeck.exe',
  ) {}

  setLoginItemSettings(settings: { openAtLogin?: boolean; path?: string; args?: string[]; name?: string }): void {
    const keyName = settings.name ? settings.name : this.appUserModelId;
    if (settings.openAtLogin) {
      const path = settings.path ?? this.execPath;
      const args = settings.args ?? [];
      this.run.set(keyName, { command: formatCommandLine(path, args), path, args });
    } else {
      this.run.delete(keyName);
    }
  }

  getLoginItemSettings(options: { path?: string; args?: string[] } = {}): {
    openAtLogin: boolean;
    launchItems: { name: string; path: string; args: string[]; scope: 'user' | 'machine'; enabled: boolean }[];
  } {
    const path = options.path ?? this.execPath;
    const own = this.run.get(this.appUserModelId);
    return {
      openAtLogin: own !== undefined && own.command === formatCommandLine(path, options.args ?? []),
      launchItems: [...this.run.entries()]
        .filter(([, value]) => value.path.toLowerCase() === path.toLowerCase())
        .map(([name, value]) => ({ name, path: value.path, args: value.args, scope: 'user' as const, enabled: true })),
    };
  }
}

/** AddQuoteForArg (shell/common/command_line_util_win.cc): CommandLineToArgvW's quoting rules. */
function quoteArg(arg: string): string {
  if (!/[ \\"]/.test(arg)) return arg;
  let out = '"';
  for (let i = 0; i < arg.length; i++) {
    if (arg[i] === '\\') {
      let end = i + 1;
      while (end < arg.length && arg[end] === '\\') end++;
      const count = end - i;
      out += '\\'.repeat(end === arg.length || arg[end] === '"' ? count * 2 : count);
      i = end - 1;
    } else if (arg[i] === '"') {
      out += '\\"';
    } else {
      out += arg[i];
    }
  }
  return `${out}"`;
}

function formatCommandLine(path: string, args: string[]): string {
  return [quoteArg(path), ...args.map(quoteArg)].join(' ');
}
