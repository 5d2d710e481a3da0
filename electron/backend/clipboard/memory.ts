/**
 * What Linkdeck itself put on the clipboard, so the watch never acts on it:
 *
 * - written: every short URL it wrote (the last {@link WRITTEN_LIMIT}). Seeing one again (a
 *   clipboard manager re-asserting it, a normalised copy with a trailing newline) is not a copy.
 * - held: the original text a shortening replaced, and what undo put back. If it comes back
 *   before the person copies anything else (undo, a clipboard manager, an app's own undo), it is
 *   left alone: shortening it again would undo the undo, and loop. The next real copy releases it,
 *   so copying the same URL later is a fresh intent and is shortened.
 *
 * Texts are compared trimmed: some platforms add or drop a line break on the way.
 */
export const WRITTEN_LIMIT = 50;

export class ClipboardMemory {
  private readonly written = new Set<string>();
  private readonly held = new Set<string>();

  rememberWritten(text: string): void {
    const key = text.trim();
    this.written.delete(key);
    this.written.add(key);
    if (this.written.size > WRITTEN_LIMIT) {
      const oldest = this.written.values().next().value as string;
      this.written.delete(oldest);
    }
  }

  hold(text: string): void {
    this.held.add(text.trim());
  }

  /** Whether a trimmed text is Linkdeck's own. */
  isOwn(trimmed: string): boolean {
    return this.written.has(trimmed) || this.held.has(trimmed);
  }

  /** A real copy happened: held originals may be shortened again from now on. */
  releaseHeld(): void {
    if (this.held.size > 0) this.held.clear();
  }
}
