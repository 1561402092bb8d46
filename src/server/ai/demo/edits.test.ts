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
          const previous = before.files.find((f) => f.name === file.name)?.content;
          const next = snapshot.files.find((f) => f.name === file.name)!.content;
          if (previous === undefined) {
            // A file the version did not have (a dark page's stylesheet) is written in full.
            expect(file.isEdit, file.name).toBe(false);
          } else if (file.isEdit) {
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

  it('a class change is an in-line block holding only the changed words, widened until unique', () => {
    const before = [
      '<section className="bg-white py-24">',
      '  <h2 className="text-4xl font-bold text-gray-900">Pricing</h2>',
      '  <p className="text-lg text-gray-600">Plans for everyone.</p>',
      '</section>',
    ].join('\n');
    const after = before.replace('bg-white', 'bg-slate-950').replace('text-gray-900', 'text-white');
    expect(editBlocksFor(before, after)).toEqual([
      { search: 'className="bg-white', replace: 'className="bg-slate-950' },
      { search: 'text-gray-900">Pricing</h2>', replace: 'text-white">Pricing</h2>' },
    ]);
  });

  it('a line repeated elsewhere takes the line above it as context', () => {
    const plan = (name: string) => [`<h3>${name}</h3>`, '<ul className="text-gray-600">'];
    const before = [...plan('Starter'), ...plan('Pro')].join('\n');
    const after = before.replace(
      '<h3>Pro</h3>\n<ul className="text-gray-600">',
      '<h3>Pro</h3>\n<ul className="text-slate-300">',
    );
    const blocks = editBlocksFor(before, after)!;
    expect(blocks).toEqual([
      {
        search: '<h3>Pro</h3>\n<ul className="text-gray-600">',
        replace: '<h3>Pro</h3>\n<ul className="text-slate-300">',
      },
    ]);
  });

  it('widens the context until every SEARCH is unique', () => {
    const before = ['<li>a</li>', '<li>x</li>', '<li>b</li>', '<li>x</li>', '<li>c</li>'].join('\n');
    const after = before.replace('<li>b</li>\n<li>x</li>', '<li>b</li>\n<li>y</li>');
    const blocks = editBlocksFor(before, after)!;
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.search).toContain('<li>b</li>');
  });
});
