import type { Framework } from '../../../../core/frameworks/index.ts';
import type { DemoFile } from '../types.ts';

/**
 * The snapshot's files as the modifiers see them: edits are kept apart from the original so
 * the answer carries only files whose content really changed, and locked files refuse edits.
 */
export class ProjectFiles {
  readonly framework: Framework;
  private readonly original = new Map<string, string>();
  private readonly current = new Map<string, string>();
  private readonly locked: ReadonlySet<string>;
  private readonly touched: string[] = [];

  constructor(framework: Framework, files: readonly DemoFile[], locked: ReadonlySet<string>) {
    this.framework = framework;
    for (const file of files) {
      this.original.set(file.name, file.content);
      this.current.set(file.name, file.content);
    }
    this.locked = locked;
  }

  names(): string[] {
    return [...this.current.keys()];
  }

  has(name: string): boolean {
    return this.current.has(name);
  }

  get(name: string): string | undefined {
    return this.current.get(name);
  }

  isLocked(name: string): boolean {
    return this.locked.has(name);
  }

  /** Writes a file unless it is locked; false when the write was refused. */
  set(name: string, content: string): boolean {
    if (this.locked.has(name)) return false;
    if (!this.touched.includes(name)) this.touched.push(name);
    this.current.set(name, content);
    return true;
  }

  /** The files to send back: written, unlocked, and different from the snapshot. */
  changedFiles(): DemoFile[] {
    return this.touched
      .filter((name) => !this.locked.has(name) && this.current.get(name) !== this.original.get(name))
      .map((name) => ({ name, content: this.current.get(name) ?? '' }));
  }
}
