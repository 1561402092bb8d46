/** Spec §8: classify a preview's install or build log into the error tables. */
import { BUILD_ERRORS, INSTALL_ERRORS, SUCCESS_PHRASES, type LogErrorRow } from './tables.ts';

export interface LogError {
  code: string;
  title: string;
  message: string;
}

export interface ClassifyOptions {
  /**
   * The step failed (non-zero exit): the log is then an error even without a recognised line
   * (fallback row), and success phrases no longer hide it.
   */
  hasFailed?: boolean;
}

export function hasSuccessPhrase(log: string): boolean {
  return SUCCESS_PHRASES.some((phrase) => phrase.test(log));
}

function classify(table: readonly LogErrorRow[], log: string, options: ClassifyOptions): LogError | null {
  if (!options.hasFailed && hasSuccessPhrase(log)) return null;
  const fallback = table[table.length - 1];
  for (const row of table) {
    if (row === fallback) break;
    if (row.patterns.some((pattern) => pattern.test(log))) return toError(row);
  }
  if (
    fallback !== undefined &&
    (options.hasFailed || fallback.patterns.some((pattern) => pattern.test(log)))
  ) {
    return toError(fallback);
  }
  return null;
}

function toError(row: LogErrorRow): LogError {
  return { code: row.code, title: row.title, message: row.message };
}

/** null: no error in the log (or a success phrase says it worked). */
export function classifyInstallLog(log: string, options: ClassifyOptions = {}): LogError | null {
  return classify(INSTALL_ERRORS, log, options);
}

export function classifyBuildLog(log: string, options: ClassifyOptions = {}): LogError | null {
  return classify(BUILD_ERRORS, log, options);
}
