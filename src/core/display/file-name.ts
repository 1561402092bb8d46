/** Spec §9: 'File names longer than 20 characters are shown as the first 17 characters + '...''. */
export const FILE_NAME_MAX_CHARS = 20;
export const FILE_NAME_KEPT_CHARS = 17;

export function truncateFileName(name: string): string {
  const chars = Array.from(name);
  return chars.length > FILE_NAME_MAX_CHARS ? `${chars.slice(0, FILE_NAME_KEPT_CHARS).join('')}...` : name;
}
