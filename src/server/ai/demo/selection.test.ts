import { describe, expect, it } from 'vitest';
import { parseArtifactText, type Snapshot } from '../../../core/artifact/index.ts';
import type { Framework } from '../../../core/frameworks/index.ts';
import type { ElementSelection } from '../../generation/selection.ts';
import { fileContent, nextSnapshot, runDemo } from './testing.ts';

/**
 * Issue 17 item 2 with the offline demo model: a follow-up sent with an element selected in the
 * preview changes that element only (its file, its line), answered with one edit block.
 */
const FRAMEWORKS: readonly Framework[] = ['html', 'react', 'vue', 'svelte', 'angular'];

async function pricingTable(framework: Framework): Promise<Snapshot> {
  const first = await runDemo({ framework, prompt: 'A pricing table with three plans' });
  return nextSnapshot(null, first.text);
}

/** What the Select tool sends for the first element with this tag (a file of the snapshot). */
function selectFirst(snapshot: Snapshot, tagName: string): ElementSelection {
  for (const file of snapshot.files) {
    const lines = file.content.split('\n');
    const index = lines.findIndex((line) => line.includes(`<${tagName} `));
    if (index === -1) continue;
    const text = lines[index]!;
    const column = text.indexOf(`<${tagName}`) + 1;
    const outerHTML = text.slice(column - 1).replace('className=', 'class=');
    return { file: file.name, line: index + 1, column, tagName, outerHTML };
  }
  throw new Error(`no <${tagName}>`);
}

/** The lines of `file` that differ between two snapshots (same line count expected). */
function changedLines(before: Snapshot, after: Snapshot, file: string): number[] {
  const old = fileContent(before, file).split('\n');
  const next = fileContent(after, file).split('\n');
  expect(next).toHaveLength(old.length);
  return old.flatMap((line, index) => (line === next[index] ? [] : [index + 1]));
}

function editedFiles(answer: string) {
  return parseArtifactText(answer).files.map((file) => ({ name: file.name, isEdit: file.isEdit }));
}

describe.each(FRAMEWORKS)('the demo model with a selected element (%s)', (framework) => {
  it("'make it red': that element's colour class only, one edit block for its file", async () => {
    const snapshot = await pricingTable(framework);
    const selection = selectFirst(snapshot, 'h2');
    const answer = (await runDemo({ framework, prompt: 'make it red', snapshot, selection })).text;

    expect(editedFiles(answer)).toEqual([{ name: selection.file, isEdit: true }]);
    const next = nextSnapshot(snapshot, answer);
    expect(changedLines(snapshot, next, selection.file)).toEqual([selection.line]);
    const line = fileContent(next, selection.file).split('\n')[selection.line - 1]!;
    expect(line).toMatch(/<h2 [^>]*text-red-600[^>]*>Simple, transparent pricing<\/h2>/);
    expect(line).not.toMatch(/text-gray-900|text-base-content/);
    // Every other file, and the other headings (same classes), as they were.
    for (const file of snapshot.files.filter((each) => each.name !== selection.file))
      expect(fileContent(next, file.name)).toBe(file.content);
    expect(fileContent(next, selection.file).match(/text-red-600/g)).toHaveLength(1);
    expect(answer).toContain(`Made the <h2> at ${selection.file} line ${selection.line} red`);
  });

  it("'change the text to \"X\"' and 'make it bigger': that element's text and size", async () => {
    const snapshot = await pricingTable(framework);
    const selection = selectFirst(snapshot, 'h3');
    const renamed = (
      await runDemo({ framework, prompt: 'Change the text to "Hobby {free} @home"', snapshot, selection })
    ).text;
    const next = nextSnapshot(snapshot, renamed);
    expect(changedLines(snapshot, next, selection.file)).toEqual([selection.line]);
    const line = fileContent(next, selection.file).split('\n')[selection.line - 1]!;
    // Escaped as each template language needs (braces open expressions, `@` Angular blocks).
    const escaped: Record<Framework, string> = {
      html: 'Hobby {free} @home',
      react: 'Hobby &#123;free&#125; @home',
      vue: 'Hobby &#123;free&#125; @home',
      svelte: 'Hobby &#123;free&#125; @home',
      angular: 'Hobby &#123;free&#125; &#64;home',
    };
    expect(line).toMatch(new RegExp(`^\\s*<h3 [^>]*text-lg font-semibold[^>]*>${escaped[framework]}</h3>$`));

    const bigger = (await runDemo({ framework, prompt: 'make this bigger', snapshot, selection })).text;
    const grown = nextSnapshot(snapshot, bigger);
    expect(changedLines(snapshot, grown, selection.file)).toEqual([selection.line]);
    expect(fileContent(grown, selection.file).split('\n')[selection.line - 1]).toMatch(
      /<h3 [^>]*text-xl font-semibold[^>]*>Starter<\/h3>/,
    );
  });

  it('an element no longer at its line: says so and changes nothing', async () => {
    const snapshot = await pricingTable(framework);
    const selection = selectFirst(snapshot, 'h2');
    const moved = { ...selection, line: selection.line + 1 };
    const answer = (await runDemo({ framework, prompt: 'make it blue', snapshot, selection: moved })).text;
    expect(answer).toContain(`I couldn't find the <h2> at ${selection.file} line ${selection.line + 1}`);
    expect(parseArtifactText(answer).files).toEqual([]);
  });
});

describe('the demo model with a selected element, edge cases', () => {
  it('an element with an accent of its own swaps that accent; a locked file is left alone', async () => {
    const snapshot = await pricingTable('react');
    const selection = selectFirst(snapshot, 'a');
    const answer = (await runDemo({ framework: 'react', prompt: 'make this green', snapshot, selection }))
      .text;
    const line = fileContent(nextSnapshot(snapshot, answer), selection.file).split('\n')[selection.line - 1]!;
    expect(line).toContain(
      'border-green-600 px-4 py-2.5 text-center text-sm font-semibold text-green-600 hover:bg-green-50',
    );
    expect(line).not.toContain('indigo');

    const locked = {
      ...snapshot,
      files: snapshot.files.map((file) =>
        file.name === selection.file ? { ...file, isLocked: true } : file,
      ),
    };
    const refused = (
      await runDemo({ framework: 'react', prompt: 'make it red', snapshot: locked, selection })
    ).text;
    expect(refused).toContain(`${selection.file} is locked`);
    expect(parseArtifactText(refused).files).toEqual([]);
  });

  it('without a selection the same prompt recolours the page as before', async () => {
    const snapshot = await pricingTable('vue');
    const answer = (await runDemo({ framework: 'vue', prompt: 'make it red', snapshot })).text;
    expect(answer).toContain('Switched the accent colour');
  });
});
