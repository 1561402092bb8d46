import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../core/artifact/index.ts';
import { writeEditBlocks } from '../../core/snapshot/index.ts';
import { addUsage, failedEditsOf, wholeFileRequest } from './edit-retry.ts';

const base: Snapshot = {
  title: 'A',
  files: [{ name: 'src/App.tsx', content: '<h1>Hi</h1>', isLocked: false }],
};
const failing = `<kilnFile name="src/App.tsx" action="edit">\n${writeEditBlocks([{ search: '<h2>', replace: 'x' }])}\n</kilnFile>`;

describe('asking for a file in full after a failed edit (decision 0044)', () => {
  it('lists each failed file once, in answer order', () => {
    const text = `<kilnArtifact>${failing}\n${failing}\n<kilnFile name="src/New.tsx" action="edit">\nx\n</kilnFile></kilnArtifact>`;
    expect(failedEditsOf(base, text)).toEqual([
      { name: 'src/App.tsx', reason: 'not-found', block: 0 },
      { name: 'src/New.tsx', reason: 'missing', block: -1 },
    ]);
  });

  it('does not ask when the answer ended inside an element (a note there would become file content)', () => {
    expect(failedEditsOf(base, `<kilnArtifact>${failing}\n<kilnFile name="src/B.tsx">\nexport`)).toBeNull();
  });

  it('sends the conversation, the answer so far and one request for the whole file', () => {
    const prompt = [{ role: 'system' as const, content: 'You are Kiln.' }];
    const request = wholeFileRequest(prompt, 'answer', {
      name: 'src/App.tsx',
      reason: 'ambiguous',
      block: 1,
    });
    expect(request.slice(0, 2)).toEqual([
      prompt[0],
      { role: 'assistant', content: [{ type: 'text', text: 'answer' }] },
    ]);
    expect(JSON.stringify(request[2])).toContain(
      'Your edit of src/App.tsx could not be applied (block 2): its SEARCH text matches more than one place',
    );
  });

  it('adds the usage of the two requests', () => {
    expect(
      addUsage(
        { inputTokens: 10, outputTokens: 2, cachedInputTokens: 1 },
        { inputTokens: 5, outputTokens: 3, cachedInputTokens: 0 },
      ),
    ).toEqual({ inputTokens: 15, outputTokens: 5, cachedInputTokens: 1 });
  });
});
