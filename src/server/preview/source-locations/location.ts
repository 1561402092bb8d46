/**
 * Source locations in preview builds (issue 17 item 2): the attribute the preview's bridge reads
 * (`src/server/preview/http/select-bridge.ts`) and its value, `file:line:column` (1-based).
 */
export const LOCATION_ATTRIBUTE = 'data-kiln-loc';

export function locationValue(file: string, line: number, column: number): string {
  return `${file}:${line}:${column}`;
}

/** The value escaped for a double-quoted HTML (or HTML-like template) attribute. */
export function htmlAttributeValue(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
