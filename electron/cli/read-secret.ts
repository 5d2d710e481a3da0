import { usageErrorT } from './exit-codes.js';
import { nonBlankLines, readStdin } from './read-input.js';

/**
 * An API key from the person: asked on the terminal with nothing echoed, or the first line of
 * stdin (`--key-stdin`, for scripts: `pass show linkdeck | linkdeck profiles add …`). Never an
 * argument, which would land in the shell's history and in `ps` for every user to read.
 */
export async function readKey(fromStdin: boolean, question: string): Promise<string> {
  if (fromStdin) {
    const [key] = nonBlankLines(await readStdin());
    if (!key) throw usageErrorT('cli.key.stdinEmpty');
    return key;
  }
  if (!process.stdin.isTTY || !process.stderr.isTTY)
    throw usageErrorT('cli.key.noTerminal');
  return promptHidden(question);
}

/** Reads a line in raw mode so the key is never shown on the screen. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise<string>((resolve, reject) => {
    let typed = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          if (!typed.trim()) reject(usageErrorT('cli.key.noneTyped'));
          else resolve(typed.trim());
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(usageErrorT('cli.key.cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}
