import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../artifact/index.ts';
import {
  instructionsPromptSection,
  isInstructionsFile,
  MAX_INSTRUCTIONS_CHARS,
  readInstructions,
  validateInstructions,
  withInstructions,
} from './instructions.ts';

const snapshot: Snapshot = {
  title: 'Pricing',
  files: [
    { name: 'index.html', content: '<h1>Hi</h1>', isLocked: false },
    { name: 'styles.css', content: 'h1 {}', isLocked: true },
  ],
};

describe('project instructions in KILN.md', () => {
  it('adds KILN.md, locked, and keeps every other file as it was', () => {
    const next = withInstructions(snapshot, 'Use British English.');
    expect(next.title).toBe('Pricing');
    expect(next.files.slice(0, 2)).toEqual(snapshot.files);
    expect(next.files[2]).toEqual({ name: 'KILN.md', content: 'Use British English.\n', isLocked: true });
    expect(readInstructions(next)).toBe('Use British English.\n');
  });

  it('replaces KILN.md in place, and removes it when the instructions are emptied', () => {
    const first = withInstructions(
      {
        ...snapshot,
        files: [snapshot.files[0]!, { name: 'KILN.md', content: 'old', isLocked: false }, snapshot.files[1]!],
      },
      'new',
    );
    expect(first.files.map((file) => file.name)).toEqual(['index.html', 'KILN.md', 'styles.css']);
    expect(readInstructions(first)).toBe('new\n');
    const removed = withInstructions(first, '');
    expect(removed.files.map((file) => file.name)).toEqual(['index.html', 'styles.css']);
    expect(readInstructions(removed)).toBe('');
    expect(readInstructions(null)).toBe('');
  });

  it('is the root KILN.md only', () => {
    expect(isInstructionsFile('KILN.md')).toBe(true);
    expect(isInstructionsFile('./KILN.md')).toBe(true);
    expect(isInstructionsFile('docs/KILN.md')).toBe(false);
    expect(isInstructionsFile('kiln.md')).toBe(false);
  });

  it('normalises and bounds what is stored', () => {
    expect(validateInstructions('  Use tabs.\r\nNo emojis.\n\n')).toEqual({
      ok: true,
      value: 'Use tabs.\nNo emojis.',
    });
    expect(validateInstructions('x'.repeat(MAX_INSTRUCTIONS_CHARS))).toMatchObject({ ok: true });
    expect(validateInstructions('x'.repeat(MAX_INSTRUCTIONS_CHARS + 1))).toMatchObject({
      ok: false,
      error: { code: 'instructions-too-long' },
    });
    expect(validateInstructions('a\u0000b')).toMatchObject({ ok: false });
    expect(validateInstructions('never write </kilnFile> here')).toMatchObject({
      ok: false,
      error: { code: 'invalid-instructions' },
    });
  });

  it('tells the model these are the owner’s instructions, and nothing when there are none', () => {
    const section = instructionsPromptSection('Use British English.\n');
    expect(section).toContain("The project owner's instructions (KILN.md)");
    expect(section).toContain('<owner_instructions>\nUse British English.\n</owner_instructions>');
    expect(instructionsPromptSection('  \n')).toBe('');
  });
});
