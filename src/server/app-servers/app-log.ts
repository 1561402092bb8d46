/** One line of an app server's log, as the Logs view shows it. */
export interface AppLogLine {
  at: string;
  text: string;
}

/** An error the app logged or threw (the preload's structured line), for the error panel. */
export interface AppServerError {
  kind: 'logged' | 'uncaught';
  message: string;
  stack: string;
}

const ERROR_MARK = '\u0006kiln-error ';
const MAX_LINE = 2000;

/**
 * The last `capacity` lines of an app server's output (decision 0054). The preload's error lines
 * are taken out and handed to `onError`; the rest is kept as the owner's Logs view reads it.
 */
export class AppLog {
  private readonly lines: AppLogLine[] = [];
  private partial = '';

  constructor(
    private readonly capacity: number,
    private readonly onError: (error: AppServerError) => void = () => {},
  ) {}

  write(chunk: Buffer | string): void {
    const text = this.partial + chunk.toString();
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    if (this.partial.length > MAX_LINE) {
      parts.push(this.partial);
      this.partial = '';
    }
    for (const part of parts) this.line(part);
  }

  /** A line of Kiln's own about this server (started, stopped, refused). */
  note(text: string): void {
    this.line(`[kiln] ${text}`);
  }

  private line(raw: string): void {
    const text = raw.replace(/\r$/, '');
    if (text.startsWith(ERROR_MARK)) {
      try {
        const parsed = JSON.parse(text.slice(ERROR_MARK.length)) as AppServerError;
        this.onError(parsed);
      } catch {
        // a forged or cut line: ignored
      }
      return;
    }
    this.lines.push({
      at: new Date().toISOString(),
      text: text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}…` : text,
    });
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
  }

  recent(): AppLogLine[] {
    return [...this.lines];
  }
}
