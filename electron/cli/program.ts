import { Argument, Command, Option } from 'commander';
import type { Translate } from '../shared/i18n/translate.js';
import { commanderError, localHelp } from './commander-words.js';
import type { CommandContext, GlobalOptions } from './context.js';
import { t } from './i18n.js';

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

const examples = (say: Translate, lines: string[]) =>
  `\n${say('cli.help.examples')}\n${lines.map((l) => `  ${l}`).join('\n')}\n`;

const SORTS = ['date', 'clicks', 'title', 'alias', 'url', 'state'];

/** The list's filters and sorts (the links view's), for find, list and export. */
function listOptions(command: Command, say: Translate): Command {
  return command
    .addOption(new Option('--sort <order>', say('cli.help.sort')).choices(SORTS).default('date'))
    .option('--asc', say('cli.help.asc'))
    .option(
      '--channel <name>',
      say('cli.help.channel'),
    )
    .option('--campaign <name>', say('cli.help.campaign'))
    .option('--domain <host>', say('cli.help.domain'))
    .addOption(
      new Option('--status <status>', say('cli.help.status')).choices([
        'public',
        'private',
      ]),
    )
    .option('--password', say('cli.help.password'))
    .option('--no-password', say('cli.help.noPassword'))
    .option('--expired', say('cli.help.expired'))
    .option('--no-expired', say('cli.help.noExpired'))
    .addOption(
      new Option(
        '--outbox <state>',
        say('cli.help.outbox'),
      ).choices(['pending', 'failed', 'any']),
    )
    .addOption(
      new Option('--health <state>', say('cli.help.health')).choices([
        'broken',
        'ok',
        'unchecked',
      ]),
    );
}

/**
 * The `linkdeck` program. `say` gives every word of its help and usage errors: the person's
 * language when a person runs it (i18n.ts `t`), English for the manual page made at build time.
 */
export function buildProgram(version: string, runCommand: RunCommand, say: Translate = t): Command {
  const program = new Command('linkdeck')
    .description(say('cli.help.program'))
    .version(version, '-V, --version', say('cli.help.version'))
    .option('-p, --profile <name>', say('cli.help.profile'))
    .option('--json', say('cli.help.json'))
    .option('--data-dir <dir>', say('cli.help.dataDir'))
    .option('--verbose', say('cli.help.verbose'))
    .option('--no-color', say('cli.help.noColor'))
    // All of these before the commands are added: they inherit them (copyInheritedSettings).
    // A wrong command line then ends with 2, not commander's 1.
    .exitOverride()
    .helpOption('-h, --help', say('cli.help.help'))
    .helpCommand('help [command]', say('cli.help.helpCommand'))
    .configureHelp(localHelp(say))
    .configureOutput({
      // commander's usage errors in the language; the CommanderError keeps English for --json.
      outputError: (text, write) => write(commanderError(text, say) ?? text),
    })
    .showHelpAfterError(say('cli.help.afterError'))
    .addHelpText(
      'after',
      examples(say, [
        'linkdeck shorten https://example.com/launch',
        'linkdeck find "spring sale" --sort clicks',
        'linkdeck list --channel Newsletter --csv > newsletter.csv',
        'pbpaste | linkdeck shorten - --copy',
        '',
        say('cli.help.exitCodes'),
        say('cli.help.appDoesWork'),
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
      .addHelpText('after', examples(say, help));
    command.action(async (...all: unknown[]) => {
      const cmd = all[all.length - 1] as Command;
      const opts = all[all.length - 2] as Record<string, unknown>;
      await runCommand(load, all.slice(0, -2), opts, cmd.optsWithGlobals<GlobalOptions>());
    });
    return command;
  };

  const profiles = program
    .command('profiles')
    .description(say('cli.help.profiles'))
    .addHelpText(
      'after',
      examples(say, [
        'linkdeck profiles',
        'linkdeck profiles add --local',
        'linkdeck profiles add Work --url https://short.example.com',
        'pass show short.example.com | linkdeck profiles add Work --url https://short.example.com --key-stdin',
        'linkdeck profiles use Work',
      ]),
    );
  add(
    'list',
    say('cli.help.profilesList'),
    () => import('./commands/profiles.js'),
    ['linkdeck profiles', 'linkdeck profiles list --json'],
    profiles,
    true,
  );
  add(
    'add',
    say('cli.help.profilesAdd'),
    () => import('./commands/profiles-add.js'),
    [
      'linkdeck profiles add --local',
      `linkdeck profiles add Work --url https://short.example.com    # ${say('cli.help.asksForKey')}`,
      'printf %s "$KEY" | linkdeck profiles add Work --url https://short.example.com --key-stdin',
    ],
    profiles,
  )
    .argument('[name]', say('cli.help.profilesAddName'))
    .option('--local', say('cli.help.profilesAddLocal'))
    .option('--url <base-url>', say('cli.help.profilesAddUrl'))
    .option('--key-stdin', say('cli.help.profilesAddKeyStdin'))
    .option('--use', say('cli.help.profilesAddUse'));
  add(
    'use',
    say('cli.help.profilesUse'),
    () => import('./commands/profiles-manage.js').then((m) => m.use),
    ['linkdeck profiles use Work'],
    profiles,
  ).argument('<name>', say('cli.help.profileName'));
  add(
    'rename',
    say('cli.help.profilesRename'),
    () => import('./commands/profiles-manage.js').then((m) => m.rename),
    ['linkdeck profiles rename Work "Work (EU)"'],
    profiles,
  )
    .argument('<name>', say('cli.help.profileName'))
    .argument('<new-name>', say('cli.help.profilesRenameNew'));
  add(
    'remove',
    say('cli.help.profilesRemove'),
    () => import('./commands/profiles-manage.js').then((m) => m.remove),
    ['linkdeck profiles remove Work', 'linkdeck profiles remove Work --yes'],
    profiles,
  )
    .argument('<name>', say('cli.help.profileName'))
    .option('-y, --yes', say('cli.help.yes'));

  add(
    'status',
    say('cli.help.statusCommand'),
    () => import('./commands/status.js'),
    ['linkdeck status', 'linkdeck --profile Work status --json'],
  );

  add(
    'shorten',
    say('cli.help.shorten'),
    () => import('./commands/shorten.js'),
    [
      'linkdeck shorten https://example.com/a https://example.com/b',
      'linkdeck shorten https://example.com/launch --alias launch --channel Social',
      'grep -o "https://[^ )]*" NOTES.md | linkdeck shorten - --utm-template newsletter',
      'linkdeck shorten "$(wl-paste)" --copy',
    ],
  )
    .argument('<url...>', say('cli.help.shortenUrls'))
    .option('--alias <alias>', say('cli.help.shortenAlias'))
    .option('--channel <name>', say('cli.help.shortenChannel'))
    .option('--campaign <name>', say('cli.help.shortenCampaign'))
    .option('--domain <host>', say('cli.help.shortenDomain'))
    .option('--utm-template <name>', say('cli.help.shortenUtm'))
    .option('--copy', say('cli.help.shortenCopy'));

  listOptions(
    add(
      'find',
      say('cli.help.find'),
      () => import('./commands/find.js'),
      [
        'linkdeck find launch',
        'linkdeck find "example.com/docs" --limit 5 --json',
        'linkdeck find sale --sort clicks --csv > sale.csv',
      ],
    ).argument('<text...>', say('cli.help.findText')),
    say,
  )
    .option('-n, --limit <n>', say('cli.help.limit'), '50')
    .option('--csv', say('cli.help.csv'))
    .option('--header', say('cli.help.header'));

  listOptions(
    add(
      'list',
      say('cli.help.list'),
      () => import('./commands/find.js'),
      [
        'linkdeck list --sort clicks --limit 10',
        'linkdeck list --channel Newsletter --expired',
        'linkdeck list --outbox pending',
      ],
    ),
    say,
  )
    .option('-n, --limit <n>', say('cli.help.limit'), '50')
    .option('--csv', say('cli.help.csv'))
    .option('--header', say('cli.help.header'));

  add(
    'stats',
    say('cli.help.stats'),
    () => import('./commands/stats.js'),
    ['linkdeck stats launch', 'linkdeck stats https://sho.rt/launch --json'],
  ).argument('<alias>', say('cli.help.statsAlias'));

  add('delete', say('cli.help.delete'), () => import('./commands/delete.js'), [
    'linkdeck delete old-promo',
    'linkdeck delete a b c --yes',
  ])
    .argument('<alias...>', say('cli.help.deleteAliases'))
    .option('-y, --yes', say('cli.help.yes'));

  add(
    'open',
    say('cli.help.open'),
    () => import('./commands/open.js'),
    ['linkdeck open launch', 'linkdeck open launch --browser'],
  )
    .argument('<alias>', say('cli.help.openAlias'))
    .option('--browser', say('cli.help.openBrowser'));

  add(
    'sync',
    say('cli.help.sync'),
    () => import('./commands/sync.js'),
    ['linkdeck sync', 'linkdeck sync --wait'],
  ).option('--wait', say('cli.help.syncWait'));

  const outbox = program
    .command('outbox')
    .description(say('cli.help.outboxCommand'))
    .addHelpText(
      'after',
      examples(say, ['linkdeck outbox', 'linkdeck outbox retry 3f2a9c', 'linkdeck outbox discard 3f2a9c --yes']),
    );
  add(
    'list',
    say('cli.help.outboxList'),
    () => import('./commands/outbox.js'),
    ['linkdeck outbox', 'linkdeck outbox --json'],
    outbox,
    true,
  );
  add(
    'retry',
    say('cli.help.outboxRetry'),
    () => import('./commands/outbox-change.js').then((m) => m.retry),
    ['linkdeck outbox retry 3f2a9c'],
    outbox,
  ).argument('<id>', say('cli.help.outboxId'));
  add(
    'discard',
    say('cli.help.outboxDiscard'),
    () => import('./commands/outbox-change.js').then((m) => m.discard),
    ['linkdeck outbox discard 3f2a9c --yes'],
    outbox,
  )
    .argument('<id>', say('cli.help.outboxId'))
    .option('-y, --yes', say('cli.help.yes'));

  add(
    'import',
    say('cli.help.import'),
    () => import('./commands/import.js'),
    [
      'linkdeck import bitly-export.csv',
      'linkdeck import urls.txt --yes',
      'linkdeck import links.xlsx --sheet Links --yes',
    ],
  )
    .argument(
      '<file>',
      say('cli.help.importFile'),
    )
    .option(
      '--sheet <name>',
      say('cli.help.importSheet'),
    )
    .option('-y, --yes', say('cli.help.importYes'));

  listOptions(
    add(
      'export',
      say('cli.help.export'),
      () => import('./commands/export.js'),
      [
        'linkdeck export > links.csv',
        'linkdeck export --format json --channel Newsletter -o newsletter.json',
      ],
    ),
    say,
  )
    .addOption(
      new Option('--format <format>', say('cli.help.exportFormat')).choices(['csv', 'json']).default('csv'),
    )
    .option('-o, --output <file>', say('cli.help.exportOutput'));

  add(
    'completion',
    say('cli.help.completion'),
    () => import('./commands/completion.js'),
    [
      `linkdeck completion install            # ${say('cli.help.forShellInShell')}`,
      'linkdeck completion bash > ~/.local/share/bash-completion/completions/linkdeck',
      'linkdeck completion zsh > "${fpath[1]}/_linkdeck"',
      'linkdeck completion fish > ~/.config/fish/completions/linkdeck.fish',
    ],
  )
    .addArgument(
      new Argument('<shell>', say('cli.help.completionShell')).choices([
        'bash',
        'zsh',
        'fish',
        'install',
      ]),
    )
    .addArgument(
      new Argument('[for]', say('cli.help.completionFor')).choices([
        'bash',
        'zsh',
        'fish',
      ]),
    );

  return program;
}
