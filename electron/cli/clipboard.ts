import { spawn } from 'node:child_process';

/**
 * Puts text on the OS clipboard with the platform's own tool (a terminal command has no
 * Electron clipboard): pbcopy, clip.exe, or on Linux wl-copy (Wayland) then xclip / xsel (X11).
 * Resolves to the tool used, or null when none worked (the caller says so; nothing is lost).
 */
export async function copyToClipboard(
  text: string,
  platform: NodeJS.Platform = process.platform,
  env = process.env,
): Promise<string | null> {
  const tools: [string, string[]][] =
    platform === 'darwin'
      ? [['pbcopy', []]]
      : platform === 'win32'
        ? [['clip', []]]
        : [
            ...(env['WAYLAND_DISPLAY'] ? [['wl-copy', []] as [string, string[]]] : []),
            ...(env['DISPLAY']
              ? [
                  ['xclip', ['-selection', 'clipboard']] as [string, string[]],
                  ['xsel', ['--clipboard', '--input']] as [string, string[]],
                ]
              : []),
          ];
  for (const [command, args] of tools) {
    if (await pipeTo(command, args, text)) return command;
  }
  return null;
}

function pipeTo(command: string, args: string[], text: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
    child.stdin.on('error', () => {});
    child.stdin.end(text);
  });
}
