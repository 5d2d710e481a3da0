import { Argument, Command, Option } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';

/** Runs a command's module, loaded only when that command is asked for (a quick start for each). */
export type Runner = (
  ctx: CommandContext,
  args: unknown[],
  opts: Record<string, unknown>,
) => Promise<number>;
export type RunCommand = (
  load: () => Promise<{ run: Runner }>,
  args: unknown[],
  opts: Record<string, unknown>,
  globals: GlobalOptions,
) => Promise<void>;

const examples = (lines: string[]) => `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}\n`;

const SORTS = ['date', 'clicks', 'title', 'alias', 'url', 'state'];

/** The list's filters and sorts (the links view's), for find, list and export. */
function listOptions(command: Command): Command {
  return command
    .addOption(new Option('--sort <order>', 'order of the links').choices(SORTS).default('date'))
    .option('--asc', 'oldest / fewest / A first (default: newest / most first)')
    .option(
      '--channel <name>',
      'only links in this channel (a name or id; "none" for links in no channel)',
    )
    .option('--campaign <name>', 'only links in this campaign (a name or id; "none")')
    .option('--domain <host>', 'only short links on this domain')
    .addOption(
      new Option('--status <status>', 'only public or private links').choices([
        'public',
        'private',
      ]),
    )
    .option('--password', 'only password-protected links')
    .option('--no-password', 'only links without a password')
    .option('--expired', 'only expired links')
    .option('--no-expired', 'only links that have not expired')
    .addOption(
      new Option(
        '--outbox <state>',
        'only links with an unconfirmed (pending) or refused (failed) change',
      ).choices(['pending', 'failed', 'any']),
    )
    .addOption(
      new Option('--health <state>', 'by the last check of the target').choices([
        'broken',
        'ok',
        'unchecked',
      ]),
    );
}

export function buildProgram(version: string, runCommand: RunCommand): Command {
  const program = new Command('linkdeck')
    .description(
      "Linkdeck from a terminal: the app's profiles, keychain, offline mirror and outbox.",
    )
    .version(version, '-V, --version')
    .option('-p, --profile <name>', "the profile to use (default: the app's current one)")
    .option('--json', 'print results as JSON (for scripts)')
    .option(
      '--data-dir <dir>',
      "Linkdeck's data folder (default: LINKDECK_DATA_DIR, else the app's)",
    )
    .option('--verbose', "show the backend's messages on stderr")
    .option('--no-color', 'no colour (also NO_COLOR=1; FORCE_COLOR=1 forces it)')
    // Before the commands are added: they inherit it (a wrong command line then ends with 2, not commander's 1).
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      examples([
        'linkdeck shorten https://example.com/launch',
        'linkdeck find "spring sale" --sort clicks',
        'linkdeck list --channel Newsletter --csv > newsletter.csv',
        'pbpaste | linkdeck shorten - --copy',
        '',
        'Exit codes: 0 done, 1 refused by the service, 2 bad usage, 3 queued (offline: the app sends it later).',
        'When the app runs on the same data folder, it does the work; otherwise the command opens the data itself.',
      ]),
    );

  const add = (
    name: string,
    describe: string,
    load: () => Promise<{ run: Runner }>,
    help: string[],
    parent: Command = program,
    isDefault = false,
  ) => {
    const command = parent
      .command(name, { isDefault })
      .description(describe)
      .addHelpText('after', examples(help));
    command.action(async (...all: unknown[]) => {
      const cmd = all[all.length - 1] as Command;
      const opts = all[all.length - 2] as Record<string, unknown>;
      await runCommand(load, all.slice(0, -2), opts, cmd.optsWithGlobals<GlobalOptions>());
    });
    return command;
  };

  const profiles = program
    .command('profiles')
    .description('the profiles: list, add, use, rename, remove')
    .addHelpText(
      'after',
      examples([
        'linkdeck profiles',
        'linkdeck profiles add --local',
        'linkdeck profiles add Work --url https://short.example.com',
        'pass show short.example.com | linkdeck profiles add Work --url https://short.example.com --key-stdin',
        'linkdeck profiles use Work',
      ]),
    );
  add(
    'list',
    'list the profiles (the current one is marked); never a key',
    () => import('./commands/profiles.js'),
    ['linkdeck profiles', 'linkdeck profiles list --json'],
    profiles,
    true,
  );
  add(
    'add',
    'add the local workspace (--local) or a profile on a service (NAME --url); the key is checked first, kept only in the keychain',
    () => import('./commands/profiles-add.js'),
    [
      'linkdeck profiles add --local',
      'linkdeck profiles add Work --url https://short.example.com    # asks for the key',
      'printf %s "$KEY" | linkdeck profiles add Work --url https://short.example.com --key-stdin',
    ],
    profiles,
  )
    .argument('[name]', 'the profile name (a remote profile)')
    .option('--local', 'the local workspace (a link service on this computer)')
    .option('--url <base-url>', "the service's address, e.g. https://short.example.com")
    .option('--key-stdin', 'read the API key from the first line of stdin (no prompt)')
    .option('--use', 'make it the current profile even when there are others');
  add(
    'use',
    'make a profile the current one (the app switches too)',
    () => import('./commands/profiles-manage.js').then((m) => m.use),
    ['linkdeck profiles use Work'],
    profiles,
  ).argument('<name>', 'a profile name (any case) or id');
  add(
    'rename',
    'rename a profile',
    () => import('./commands/profiles-manage.js').then((m) => m.rename),
    ['linkdeck profiles rename Work "Work (EU)"'],
    profiles,
  )
    .argument('<name>', 'a profile name (any case) or id')
    .argument('<new-name>', 'its new name');
  add(
    'remove',
    'remove a profile, its key and its offline copy (asks first unless --yes)',
    () => import('./commands/profiles-manage.js').then((m) => m.remove),
    ['linkdeck profiles remove Work', 'linkdeck profiles remove Work --yes'],
    profiles,
  )
    .argument('<name>', 'a profile name (any case) or id')
    .option('-y, --yes', 'do not ask');

  add(
    'status',
    'the profile, its service and account, whether its key is found, how old the mirror is, what waits in the outbox',
    () => import('./commands/status.js'),
    ['linkdeck status', 'linkdeck --profile Work status --json'],
  );

  add(
    'shorten',
    'shorten URLs (arguments, or "-" for one per line on stdin); prints the short URLs in input order',
    () => import('./commands/shorten.js'),
    [
      'linkdeck shorten https://example.com/a https://example.com/b',
      'linkdeck shorten https://example.com/launch --alias launch --channel Social',
      'grep -o "https://[^ )]*" NOTES.md | linkdeck shorten - --utm-template newsletter',
      'linkdeck shorten "$(wl-paste)" --copy',
    ],
  )
    .argument('<url...>', 'web addresses, or - to read them from stdin')
    .option('--alias <alias>', 'custom alias (one URL only)')
    .option('--channel <name>', 'put the links in this channel (name or id)')
    .option('--campaign <name>', 'add the links to this campaign (name or id)')
    .option('--domain <host>', 'a branded domain of the profile')
    .option('--utm-template <name>', 'add the UTM parameters of a saved template')
    .option('--copy', 'put the short URLs on the clipboard too');

  listOptions(
    add(
      'find',
      'search the mirrored links (alias, short URL, long URL, title, note); works offline',
      () => import('./commands/find.js'),
      [
        'linkdeck find launch',
        'linkdeck find "example.com/docs" --limit 5 --json',
        'linkdeck find sale --sort clicks --csv > sale.csv',
      ],
    ).argument('<text...>', 'words to look for (prefixes match)'),
  )
    .option('-n, --limit <n>', 'at most this many links (default 50; "all")', '50')
    .option('--csv', 'print CSV (with a header)')
    .option('--header', 'piped: a first line naming the columns (short_url, long_url, clicks, title, alias)');

  listOptions(
    add(
      'list',
      "list the mirrored links with the list's filters and sorts; works offline",
      () => import('./commands/find.js'),
      [
        'linkdeck list --sort clicks --limit 10',
        'linkdeck list --channel Newsletter --expired',
        'linkdeck list --outbox pending',
      ],
    ),
  )
    .option('-n, --limit <n>', 'at most this many links (default 50; "all")', '50')
    .option('--csv', 'print CSV (with a header)')
    .option('--header', 'piped: a first line naming the columns (short_url, long_url, clicks, title, alias)');

  add(
    'stats',
    "a link's figures (the same as its detail in the app), read again from the service when online",
    () => import('./commands/stats.js'),
    ['linkdeck stats launch', 'linkdeck stats https://sho.rt/launch --json'],
  ).argument('<alias>', 'the alias or the short URL');

  add('delete', 'delete links (asks first unless --yes)', () => import('./commands/delete.js'), [
    'linkdeck delete old-promo',
    'linkdeck delete a b c --yes',
  ])
    .argument('<alias...>', 'aliases or short URLs')
    .option('-y, --yes', 'do not ask');

  add(
    'open',
    'show a link in the app, or open the short link in the browser',
    () => import('./commands/open.js'),
    ['linkdeck open launch', 'linkdeck open launch --browser'],
  )
    .argument('<alias>', 'an alias or a short URL')
    .option('--browser', 'open the short link in the web browser');

  add(
    'sync',
    'bring the mirror up to date (with --wait, until the whole sync is done)',
    () => import('./commands/sync.js'),
    ['linkdeck sync', 'linkdeck sync --wait'],
  ).option('--wait', 'wait until the sync is done');

  const outbox = program
    .command('outbox')
    .description('changes not yet confirmed by the service: list, retry, discard')
    .addHelpText(
      'after',
      examples(['linkdeck outbox', 'linkdeck outbox retry 3f2a9c', 'linkdeck outbox discard 3f2a9c --yes']),
    );
  add(
    'list',
    'changes not yet confirmed by the service, in the order they go, and why they wait (ID first)',
    () => import('./commands/outbox.js'),
    ['linkdeck outbox', 'linkdeck outbox --json'],
    outbox,
    true,
  );
  add(
    'retry',
    'send a refused or waiting change again now, and wait for its answer',
    () => import('./commands/outbox-change.js').then((m) => m.retry),
    ['linkdeck outbox retry 3f2a9c'],
    outbox,
  ).argument('<id>', 'the change\'s id from "linkdeck outbox" (a unique prefix is enough)');
  add(
    'discard',
    'drop a change that was not sent (asks first unless --yes)',
    () => import('./commands/outbox-change.js').then((m) => m.discard),
    ['linkdeck outbox discard 3f2a9c --yes'],
    outbox,
  )
    .argument('<id>', 'the change\'s id from "linkdeck outbox" (a unique prefix is enough)')
    .option('-y, --yes', 'do not ask');

  add(
    'import',
    "import links from a CSV, text, JSON or spreadsheet file (the app's importer): shows the dry run; --yes starts it",
    () => import('./commands/import.js'),
    [
      'linkdeck import bitly-export.csv',
      'linkdeck import urls.txt --yes',
      'linkdeck import links.xlsx --sheet Links --yes',
    ],
  )
    .argument(
      '<file>',
      'a CSV file (Linkdeck, Bitly, Rebrandly, Short.io, Shlink, Kutt, Dub exports), a saved API answer (.json), an Excel (.xlsx) or OpenDocument (.ods) workbook, or one URL per line; - for stdin',
    )
    .option(
      '--sheet <name>',
      "a workbook's sheet to import (needed when it has several; its sheets are listed otherwise)",
    )
    .option('-y, --yes', 'start the import (otherwise only the dry run)');

  listOptions(
    add(
      'export',
      "export the mirrored links (the app's exporter) as CSV or JSON",
      () => import('./commands/export.js'),
      [
        'linkdeck export > links.csv',
        'linkdeck export --format json --channel Newsletter -o newsletter.json',
      ],
    ),
  )
    .addOption(
      new Option('--format <format>', 'file format').choices(['csv', 'json']).default('csv'),
    )
    .option('-o, --output <file>', 'write to this file (default: stdout)');

  add(
    'completion',
    'print a shell completion script (bash, zsh or fish)',
    () => import('./commands/completion.js'),
    [
      'linkdeck completion install            # for the shell in $SHELL',
      'linkdeck completion bash > ~/.local/share/bash-completion/completions/linkdeck',
      'linkdeck completion zsh > "${fpath[1]}/_linkdeck"',
      'linkdeck completion fish > ~/.config/fish/completions/linkdeck.fish',
    ],
  )
    .addArgument(
      new Argument('<shell>', 'bash, zsh or fish; or install (puts it in place)').choices([
        'bash',
        'zsh',
        'fish',
        'install',
      ]),
    )
    .addArgument(
      new Argument('[for]', 'with install: the shell (default: the one in $SHELL)').choices([
        'bash',
        'zsh',
        'fish',
      ]),
    );

  return program;
}
