import type { Command, Option } from 'commander';
import type { CommandContext } from '../context.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { EXIT, usageErrorT } from '../exit-codes.js';
import { t } from '../i18n.js';

/**
 * `linkdeck completion bash|zsh|fish`: a completion script made from the program's own
 * definition (program.ts), so a new command or option completes without editing a script.
 * Commander has no completion of its own; each shell gets the commands, their options and the
 * options' fixed choices.
 */
export async function run(ctx: CommandContext, args: unknown[]): Promise<number> {
  const { buildProgram } = await import('../program.js');
  const program = buildProgram(ctx.version, async () => {});
  const spec = describe(program);
  const install = args[0] === 'install';
  const shell = (install ? ((args[1] as string | undefined) ?? basename(process.env['SHELL'] ?? '')) : args[0]) as Shell;
  if (!SHELLS.includes(shell))
    throw shell ? usageErrorT('cli.completion.noShell', { shell }) : usageErrorT('cli.completion.noShellSet');
  const script = shell === 'bash' ? bash(spec) : shell === 'zsh' ? zsh(spec) : fish(spec);
  if (!install) {
    if (ctx.out.json) ctx.out.data({ shell, script });
    else ctx.out.raw(script);
    return EXIT.done;
  }
  const { file, then } = installPlace(shell, process.env, homedir());
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, script, { mode: 0o644 });
  if (ctx.out.json) ctx.out.data({ shell, file });
  else ctx.out.line(file);
  ctx.out.note(then);
  return EXIT.done;
}

type Shell = 'bash' | 'zsh' | 'fish';
const SHELLS: readonly string[] = ['bash', 'zsh', 'fish'];

/**
 * Where each shell looks for a user's completions without editing a startup file, when it can:
 * bash-completion loads ~/.local/share/bash-completion/completions/<command> on first use, fish
 * reads ~/.config/fish/completions/; zsh reads only the folders of $fpath, so it needs one line
 * in ~/.zshrc, which we say rather than edit.
 */
export function installPlace(
  shell: Shell,
  env: NodeJS.ProcessEnv,
  home: string,
): { file: string; then: string } {
  // `then`: what the person does next, in their language (zsh's line is a command: not translated).
  const data = env['XDG_DATA_HOME'] || join(home, '.local/share');
  const config = env['XDG_CONFIG_HOME'] || join(home, '.config');
  if (shell === 'bash') {
    const file = join(data, 'bash-completion/completions/linkdeck');
    return { file, then: t('cli.completion.installedBash', { file }) };
  }
  if (shell === 'fish') {
    const file = join(config, 'fish/completions/linkdeck.fish');
    return { file, then: t('cli.completion.installedFish', { file }) };
  }
  const file = join(home, '.zfunc/_linkdeck');
  return {
    file,
    then: t('cli.completion.installedZsh', { file, line: 'fpath=(~/.zfunc $fpath); autoload -U compinit && compinit' }),
  };
}

interface OptionSpec {
  flags: string[];
  description: string;
  choices: string[] | null;
  takesValue: boolean;
}
interface CommandSpec {
  name: string;
  description: string;
  options: OptionSpec[];
  /** Subcommands (profiles add/use/…, outbox retry/discard). */
  subcommands: string[];
  /** The fixed values of its first argument (completion: bash zsh fish). */
  argChoices: string[];
  /** Whether its argument is a file (import FILE): only then do files complete. */
  fileArg: boolean;
}
interface Spec {
  globals: OptionSpec[];
  commands: CommandSpec[];
}

/** Options whose value is a file or folder; every other value is not completed with files. */
const FILE_OPTIONS = new Set(['--output', '--data-dir']);
/** Options whose value is a profile name. */
const PROFILE_OPTIONS = new Set(['--profile']);
/** The profile names, one a line, from the command itself (piped `profiles`: the 2nd field). */
const PROFILE_NAMES = 'linkdeck profiles 2>/dev/null | cut -f2';

function optionSpec(option: Option): OptionSpec {
  return {
    flags: [option.short, option.long].filter((f): f is string => !!f),
    description: option.description,
    choices: option.argChoices ?? null,
    takesValue: option.required || option.optional,
  };
}

export function describe(program: Command): Spec {
  return {
    globals: [
      ...program.options.map(optionSpec),
      { flags: ['-h', '--help'], description: t('cli.help.help'), choices: null, takesValue: false },
    ],
    commands: program.commands.map((c) => {
      const first = c.registeredArguments[0];
      return {
        name: c.name(),
        description: c.description(),
        options: [...c.options, ...c.commands.flatMap((sub) => sub.options)].map(optionSpec),
        subcommands: c.commands.map((sub) => sub.name()),
        argChoices: [...(first?.argChoices ?? [])],
        fileArg: first?.name() === 'file',
      };
    }),
  };
}

const q = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function bash(spec: Spec): string {
  const valued = spec.globals.filter((o) => o.takesValue).flatMap((o) => o.flags);
  const flagsOf = (pred: (o: OptionSpec) => boolean) =>
    [...spec.globals, ...spec.commands.flatMap((c) => c.options)].filter(pred).flatMap((o) => o.flags);
  const fileFlags = [...new Set(flagsOf((o) => o.flags.some((f) => FILE_OPTIONS.has(f))))];
  const profileFlags = [...new Set(flagsOf((o) => o.flags.some((f) => PROFILE_OPTIONS.has(f))))];
  const cases = spec.commands
    .map((c) => {
      const values = c.options
        .filter((o) => o.choices)
        .map(
          (o) =>
            `      ${o.flags.join('|')}) COMPREPLY=($(compgen -W ${q(o.choices!.join(' '))} -- "$cur")); return;;`,
        )
        .join('\n');
      const words = [...c.options, ...spec.globals].flatMap((o) => o.flags).join(' ');
      const first = [...c.subcommands, ...c.argChoices].join(' ');
      const positional = first
        ? `      if [[ $npos -eq 0 && "$cur" != -* ]]; then COMPREPLY=($(compgen -W ${q(first)} -- "$cur")); return; fi\n`
        : c.fileArg
          ? `      if [[ "$cur" != -* ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi\n`
          : '';
      return `    ${c.name})\n      case "$prev" in\n${values}\n      esac\n${positional}      COMPREPLY=($(compgen -W ${q(words)} -- "$cur"));;`;
    })
    .join('\n');
  return `# linkdeck completion for bash: source it, or save it as
# ~/.local/share/bash-completion/completions/linkdeck (linkdeck completion install does)
_linkdeck() {
  local cur prev cmd i npos w
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # Values first: a profile name, a file, wherever the option is on the line.
  case "$prev" in
    ${profileFlags.join('|')})
      local IFS=$'\\n'
      COMPREPLY=($(compgen -W "$(${PROFILE_NAMES})" -- "$cur"))
      return;;
    ${fileFlags.join('|')}) COMPREPLY=($(compgen -f -- "$cur")); return;;
  esac
  # The command is the first word that is neither an option nor the value of a global option
  # (linkdeck --profile Work sh<TAB>); npos counts its arguments so far.
  cmd=""
  npos=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case "$w" in
      ${valued.join('|')}) ((i++)); continue;;
      -*) continue;;
    esac
    if [[ -z "$cmd" ]]; then cmd="$w"; else ((npos++)); fi
  done
  if [[ -z "$cmd" ]]; then
    COMPREPLY=($(compgen -W ${q([...spec.commands.map((c) => c.name), ...spec.globals.flatMap((o) => o.flags)].join(' '))} -- "$cur"))
    return
  fi
  case "$cmd" in
${cases}
  esac
}
complete -F _linkdeck linkdeck
`;
}

function zsh(spec: Spec): string {
  const optionLines = (options: OptionSpec[]) =>
    options
      .map((o) => {
        const value = !o.takesValue
          ? ''
          : o.choices
            ? `:value:(${o.choices.join(' ')})`
            : o.flags.some((f) => PROFILE_OPTIONS.has(f))
              ? `:profile:{local -a p; p=(\${(f)"$(${PROFILE_NAMES})"}); compadd -a p}`
              : o.flags.some((f) => FILE_OPTIONS.has(f))
                ? ':file:_files'
                : ':value: ';
        const names = o.flags.length > 1 ? `{${o.flags.join(',')}}` : o.flags[0];
        return `    ${names}'[${o.description.replace(/[[\]']/g, '')}]${value}'`;
      })
      .join(' \\\n');
  const cases = spec.commands
    .map(
      (c) =>
        `    ${c.name})\n      _arguments \\\n${optionLines([...c.options, ...spec.globals])} \\\n    ${c.subcommands.length || c.argChoices.length ? `'1:argument:(${[...c.subcommands, ...c.argChoices].join(' ')})'` : c.fileArg ? "'1:file:_files'" : "'*: :'"} ;;`,
    )
    .join('\n');
  return `#compdef linkdeck
# linkdeck completion for zsh: save it as _linkdeck in a folder of $fpath
_linkdeck() {
  local -a commands
  commands=(
${spec.commands.map((c) => `    ${q(`${c.name}:${c.description.replace(/:/g, ' -')}`)}`).join('\n')}
  )
  # The command is the first word that is neither an option nor a global option's value.
  local i cmd
  for ((i = 2; i < CURRENT; i++)); do
    case "$words[i]" in
      ${spec.globals.filter((o) => o.takesValue).flatMap((o) => o.flags).join('|')}) ((i++));;
      -*) ;;
      *) cmd="$words[i]"; break;;
    esac
  done
  if [[ -z "$cmd" ]]; then
    _arguments \\\n${optionLines(spec.globals)}
    # After a global option that takes a value, only that value (a profile name), no command.
    case "$words[CURRENT-1]" in
      ${spec.globals.filter((o) => o.takesValue).flatMap((o) => o.flags).join('|')}) return;;
    esac
    _describe 'command' commands
    return
  fi
  # From here _arguments sees the command as the line's first word, so that its argument 1 is
  # the word after it (completion <shell>), not the command itself.
  words=("\${(@)words[i,-1]}")
  (( CURRENT -= i - 1 ))
  case "$cmd" in
${cases}
  esac
}
_linkdeck "$@"
`;
}

function fish(spec: Spec): string {
  const line = (o: OptionSpec, condition: string) => {
    const parts = ['complete -c linkdeck', condition];
    for (const flag of o.flags)
      parts.push(flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`);
    if (o.takesValue)
      parts.push(
        o.choices
          ? `-x -a ${q(o.choices.join(' '))}`
          : o.flags.some((f) => PROFILE_OPTIONS.has(f))
            ? `-x -a ${q(`(${PROFILE_NAMES})`)}`
            : o.flags.some((f) => FILE_OPTIONS.has(f))
              ? '-r -F'
              : '-x',
      );
    parts.push(`-d ${q(o.description)}`);
    return parts.join(' ');
  };
  const names = spec.commands.map((c) => c.name).join(' ');
  return [
    '# linkdeck completion for fish: save it as ~/.config/fish/completions/linkdeck.fish',
    'complete -c linkdeck -f',
    ...spec.commands.map(
      (c) =>
        `complete -c linkdeck -n ${q(`not __fish_seen_subcommand_from ${names}`)} -a ${c.name} -d ${q(c.description)}`,
    ),
    ...spec.commands.flatMap((c) =>
      [...c.subcommands, ...c.argChoices].map(
        (a) => `complete -c linkdeck -n ${q(`__fish_seen_subcommand_from ${c.name}`)} -a ${a}`,
      ),
    ),
    ...spec.commands.filter((c) => c.fileArg).map((c) => `complete -c linkdeck -n ${q(`__fish_seen_subcommand_from ${c.name}`)} -F`),
    ...spec.globals.map((o) => line(o, '')),
    ...spec.commands.flatMap((c) =>
      c.options.map((o) => line(o, `-n ${q(`__fish_seen_subcommand_from ${c.name}`)}`)),
    ),
    '',
  ].join('\n');
}
