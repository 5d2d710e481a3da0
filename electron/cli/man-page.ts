import type { Command, Option } from 'commander';

/**
 * linkdeck(1), made from the program's own definition (program.ts), as the completion scripts
 * are: a command or option added there is in the manual page at the next build. roff in the
 * man(7) macros every `man` reads (groff, mandoc).
 */
export function manPage(program: Command, build: { version: string; date: string }): string {
  const lines: string[] = [
    `.TH LINKDECK 1 "${build.date}" "linkdeck ${esc(build.version)}" "User Commands"`,
    '.SH NAME',
    `linkdeck \\- ${esc(program.description())}`,
    '.SH SYNOPSIS',
    '.B linkdeck',
    '[\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]',
    '.SH GLOBAL OPTIONS',
    ...program.options.flatMap(option),
    '.SH COMMANDS',
  ];
  for (const command of program.commands) lines.push(...commandSection(command, []));
  lines.push(
    '.SH ENVIRONMENT',
    '.TP',
    '.B LINKDECK_API_KEY',
    "The API key of the remote profile a command is about (\\fB\\-\\-profile\\fR, else the current one), where no keychain answers (cron, CI, SSH). Never written anywhere.",
    '.TP',
    '.B LINKDECK_DATA_DIR',
    "Linkdeck's data folder (default: the app's).",
    '.TP',
    '.B NO_COLOR, FORCE_COLOR',
    'No colour; colour even when the output is not a terminal (\\fB\\-\\-no\\-color\\fR wins).',
    '.SH EXIT STATUS',
    '.TP', '.B 0', 'done',
    '.TP', '.B 1', 'refused by the service, or Linkdeck could not do it (the reason is on stderr)',
    '.TP', '.B 2', 'bad usage: nothing was sent',
    '.TP', '.B 3', 'queued: saved in the outbox, not sent yet',
    '.SH SEE ALSO',
    'docs/cli.md in the Linkdeck sources.',
    '',
  );
  return lines.join('\n');
}

function commandSection(command: Command, parents: string[]): string[] {
  const path = [...parents, command.name()];
  const args = command.registeredArguments
    .map((a) => (a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`))
    .join(' ');
  const out = [
    '.TP',
    `.B linkdeck ${esc(path.join(' '))}${args ? ` \\fI${esc(args)}\\fR` : ''}`,
    esc(command.description()),
  ];
  if (command.options.length) {
    out.push('.RS');
    for (const o of command.options) out.push(...option(o));
    out.push('.RE');
  }
  for (const sub of command.commands) out.push(...commandSection(sub, path));
  return out;
}

function option(o: Option): string[] {
  const choices = o.argChoices ? ` (${o.argChoices.join(', ')})` : '';
  return ['.TP', `.B ${esc(o.flags)}`, esc(`${o.description}${choices}`)];
}

/** roff escapes: backslashes, and a leading dot or quote that would read as a request. */
function esc(text: string): string {
  return text.replace(/\\/g, '\\e').replace(/-/g, '\\-').replace(/^([.'])/gm, '\\&$1');
}
