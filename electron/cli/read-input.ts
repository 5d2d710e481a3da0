/** All of stdin as text (empty when nothing is piped in and stdin is a terminal). */
export async function readStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** One item per non-blank line, trimmed. */
export const nonBlankLines = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * All of a stream's bytes, as they are (a workbook, a file in UTF-16 or Windows-1252), reading
 * no further than `limit` bytes: `null` when it holds more.
 */
export async function readBytesUpTo(
  stream: AsyncIterable<unknown> & { destroy?: () => void; isTTY?: boolean },
  limit: number,
): Promise<Uint8Array | null> {
  if (stream.isTTY) return new Uint8Array(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.byteLength;
    if (size > limit) {
      stream.destroy?.();
      return null;
    }
    chunks.push(bytes);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
