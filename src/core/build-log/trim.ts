/**
 * Spec §9: 'Build log over 100 lines is trimmed: 80 lines before a 'Found N error' line, or
 * 5 lines before the first error, else the last 100 lines.'
 */
export const LOG_MAX_LINES = 100;
export const LINES_BEFORE_FOUND_ERRORS = 80;
export const LINES_BEFORE_FIRST_ERROR = 5;

const FOUND_ERRORS = /Found \d+ errors?/;
const ERROR_LINE = /\berror\b|npm ERR!|ERR_PNPM_|✘|\[ERROR\]/i;

/**
 * Lines split on \n or \r\n. Over 100 lines:
 * - a 'Found N error(s)' line (the last one, tsc's summary): that line and the 80 before it;
 * - else the first error line: from 5 lines before it, 100 lines at most;
 * - else the last 100 lines.
 */
export function trimBuildLog(log: string): string {
  const lines = log.split(/\r?\n/);
  if (lines.length <= LOG_MAX_LINES) return log;
  let found = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (FOUND_ERRORS.test(lines[i] ?? '')) {
      found = i;
      break;
    }
  }
  if (found >= 0) return lines.slice(Math.max(0, found - LINES_BEFORE_FOUND_ERRORS), found + 1).join('\n');
  const firstError = lines.findIndex((line) => ERROR_LINE.test(line));
  if (firstError >= 0) {
    const start = Math.max(0, firstError - LINES_BEFORE_FIRST_ERROR);
    return lines.slice(start, start + LOG_MAX_LINES).join('\n');
  }
  return lines.slice(-LOG_MAX_LINES).join('\n');
}
