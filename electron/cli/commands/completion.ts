import type { Command, Option } from 'commander';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';

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
  const shell = args[0] as 'bash' | 'zsh' | 'fish';
  const script = shell === 'bash' ? bash(spec) : shell === 'zsh' ? zsh(spec) : fish(spec);
  if (ctx.out.json) ctx.out.data({ shell, script });
  else ctx.out.raw(script);
  return EXIT.done;
}

interface OptionSpec {
  flags: string[];
  description: string;
  choices: string[] | null;
  takesValue: boolean;
}
interface Spec {
  globals: OptionSpec[];
  commands: { name: string; description: string; options: OptionSpec[] }[];
}

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
      { flags: ['-h', '--help'], description: 'show help', choices: null, takesValue: false },
    ],
    commands: program.commands.map((c) => ({
      name: c.name(),
      description: c.description(),
      options: c.options.map(optionSpec),
    })),
  };
}

const q = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function bash(spec: Spec): string {
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
      return `    ${c.name})\n      case "$prev" in\n${values}\n      esac\n      COMPREPLY=($(compgen -W ${q(words)} -- "$cur"));;`;
    })
    .join('\n');
  return `# linkdeck completion for bash: source it, or save it as
# ~/.local/share/bash-completion/completions/linkdeck
_linkdeck() {
  local cur prev cmd i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  cmd=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *) cmd="\${COMP_WORDS[i]}"; break;; esac
  done
  if [[ -z "$cmd" ]]; then
    COMPREPLY=($(compgen -W ${q([...spec.commands.map((c) => c.name), ...spec.globals.flatMap((o) => o.flags)].join(' '))} -- "$cur"))
    return
  fi
  case "$cmd" in
${cases}
    *) COMPREPLY=($(compgen -f -- "$cur"));;
  esac
}
complete -o default -F _linkdeck linkdeck
`;
}

function zsh(spec: Spec): string {
  const optionLines = (options: OptionSpec[]) =>
    options
      .map((o) => {
        const value = o.takesValue
          ? `:value:${o.choices ? `(${o.choices.join(' ')})` : '_files'}`
          : '';
        const names = o.flags.length > 1 ? `{${o.flags.join(',')}}` : o.flags[0];
        return `    ${names}'[${o.description.replace(/[[\]']/g, '')}]${value}'`;
      })
      .join(' \\\n');
  const cases = spec.commands
    .map(
      (c) =>
        `    ${c.name})\n      _arguments \\\n${optionLines([...c.options, ...spec.globals])} \\\n    '*:file:_files' ;;`,
    )
    .join('\n');
  return `#compdef linkdeck
# linkdeck completion for zsh: save it as _linkdeck in a folder of $fpath
_linkdeck() {
  local -a commands
  commands=(
${spec.commands.map((c) => `    ${q(`${c.name}:${c.description.replace(/:/g, ' -')}`)}`).join('\n')}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "$words[2]" in
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
    if (o.takesValue) parts.push(o.choices ? `-x -a ${q(o.choices.join(' '))}` : '-r');
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
    ...spec.globals.map((o) => line(o, '')),
    ...spec.commands.flatMap((c) =>
      c.options.map((o) => line(o, `-n ${q(`__fish_seen_subcommand_from ${c.name}`)}`)),
    ),
    '',
  ].join('\n');
}
