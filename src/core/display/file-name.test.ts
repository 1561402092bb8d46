import { describe, expect, it } from 'vitest';
import { truncateFileName } from './file-name.ts';

describe("Spec §9: 'File names longer than 20 characters are shown as the first 17 characters + '...''", () => {
  it('keeps names of up to 20 characters', () => {
    expect(truncateFileName('a'.repeat(20))).toBe('a'.repeat(20));
  });

  it('shows 21 characters as 17 + "..."', () => {
    expect(truncateFileName('VeryLongComponent.tsx')).toBe('VeryLongComponent...');
    expect(truncateFileName('VeryLongComponent.tsx')).toHaveLength(20);
  });
});
