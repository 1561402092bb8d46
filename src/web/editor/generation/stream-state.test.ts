import { describe, expect, it } from 'vitest';
import { StreamState } from './stream-state.ts';

const answer =
  '<thinking>Plan the card.</thinking>Here it is.\n<kilnArtifact title="Card">\n<kilnFile name="index.html">\n<h1>Hi</h1>\n</kilnFile>\n<kilnFile name="app.js">\nconsole.log(1)';

describe('StreamState', () => {
  it('shows files appearing as chunks arrive, the open one incomplete', () => {
    const state = new StreamState();
    state.push(answer.slice(0, 60));
    expect(state.read().files).toHaveLength(0);
    expect(state.read().segments[0]).toMatchObject({ type: 'thinking', content: 'Plan the card.' });
    state.push(answer.slice(60));
    const parsed = state.read();
    expect(parsed.title).toBe('Card');
    expect(parsed.files.map((file) => [file.name, file.isIncomplete])).toEqual([
      ['index.html', false],
      ['app.js', true],
    ]);
  });

  it('gives the same result whatever the chunking', () => {
    const whole = new StreamState();
    whole.push(answer);
    whole.end();
    const bytewise = new StreamState();
    for (const char of answer) bytewise.push(char);
    bytewise.end();
    expect(bytewise.read()).toEqual(whole.read());
  });

  it('counts what it received, so an empty answer can be told apart', () => {
    const state = new StreamState();
    state.end();
    expect(state.receivedChars).toBe(0);
    state.push('late');
    expect(state.receivedChars).toBe(0);
  });

  it('reads the finish marker of a cut-off answer', () => {
    const state = new StreamState();
    state.push(`${answer}\n<!-- FINISH_REASON: length -->`);
    state.end();
    expect(state.read().finishReason).toBe('length');
  });
});
