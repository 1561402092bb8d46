/** Spec §9: 'File sizes in B/KB/MB/GB, base 1024, 1 decimal'. */
const UNITS = ['B', 'KB', 'MB', 'GB'] as const;
const BASE = 1024;

/**
 * 512 → '512 B', 1536 → '1.5 KB', 10485760 → '10 MB'. At most one decimal; a trailing '.0' is
 * dropped (docs/decisions/0016-display-rules.md). GB is the largest unit.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = Math.min(Math.floor(Math.log(bytes) / Math.log(BASE)), UNITS.length - 1);
  let value = Math.round((bytes / BASE ** unit) * 10) / 10;
  if (value >= BASE && unit < UNITS.length - 1) {
    unit++;
    value = Math.round((bytes / BASE ** unit) * 10) / 10;
  }
  if (unit === 0) value = Math.round(bytes);
  return `${value} ${UNITS[unit]}`;
}

/** The size of a text file as stored (UTF-8 bytes), without TextEncoder allocations. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
