import type { ClipboardNotification, ClipboardPort, Notifier } from '../../electron/backend/clipboard/ports.js';

/** The OS clipboard as the shell would give it; `copy` is the person copying. */
export class FakeClipboard implements ClipboardPort {
  text = '';
  readonly writes: string[] = [];
  private readers: (() => void)[] = [];
  readText(): string {
    const waiting = this.readers;
    this.readers = [];
    for (const resolve of waiting) resolve();
    return this.text;
  }
  writeText(text: string): void {
    this.writes.push(text);
    this.text = text;
  }
  copy(text: string): void {
    this.text = text;
  }
  /** Resolves at the next read: the watch has seen what is on the clipboard now. */
  nextRead(): Promise<void> {
    return new Promise((resolve) => this.readers.push(resolve));
  }
}

/** Notifications the shell showed; each is dismissed (the tests answer through the channels). */
export class FakeNotifier implements Notifier {
  readonly shown: ClipboardNotification[] = [];
  async notify(notification: ClipboardNotification): Promise<string | null> {
    this.shown.push(notification);
    return null;
  }
}
