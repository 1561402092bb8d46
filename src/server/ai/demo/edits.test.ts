import { describe, expect, it } from 'vitest';
import { parseArtifactText, type Snapshot } from '../../../core/artifact/index.ts';
import { FRAMEWORKS } from '../../../core/frameworks/index.ts';
import { deriveVersion, writeEditBlocks } from '../../../core/snapshot/index.ts';
import { editBlocksFor } from './edits.ts';
import { nextSnapshot, runDemo } from './testing.ts';

describe('the demo model answers its follow-ups with edit blocks (decision 0044)', () => {
  for (const framework of FRAMEWORKS) {
    for (const prompt of ['add a footer', 'make it dark', 'change the title to "Rockets for everyone"']) {
      it(`${framework}: "${prompt}" edits the existing files, which apply to the snapshot`, async () => {
        const first = await runDemo({ framework, prompt: 'a landing page' });
        const before: Snapshot = nextSnapshot(null, first.text);
        const { text } = await runDemo({ framework, prompt, snapshot: before });
        const parsed = parseArtifactText(text);
        expect(parsed.files.length).toBeGreaterThan(0);
        const { snapshot, failedEdits } = deriveVersion(before, parsed);
        expect(failedEdits).toEqual([]);
        expect(snapshot).not.toEqual(before);
        for (const file of parsed.files) {
          const previous = before.files.find((f) => f.name === file.name)!.content;
          const next = snapshot.files.find((f) => f.name === file.name)!.content;
          if (file.isEdit) {
            expect(file.content.length).toBeLessThan(next.length);
          } else {
            // Written in full only when most of the file changed: its edit would be longer.
            expect(writeEditBlocks(editBlocksFor(previous, next)!).length, file.name).toBeGreaterThanOrEqual(
              next.length,
            );
          }
        }
        if (prompt.startsWith('change the title'))
          expect(parsed.files.every((file) => file.isEdit)).toBe(true);
        else expect(parsed.files.some((file) => file.isEdit) || framework === 'angular').toBe(true);
      });
    }
  }

  it('widens the context until every SEARCH is unique', () => {
    const before = ['<li>a</li>', '<li>x</li>', '<li>b</li>', '<li>x</li>', '<li>c</li>'].join('\n');
    const after = before.replace('<li>b</li>\n<li>x</li>', '<li>b</li>\n<li>y</li>');
    const blocks = editBlocksFor(before, after)!;
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.search).toContain('<li>b</li>');
  });
});
