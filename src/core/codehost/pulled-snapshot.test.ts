import { describe, expect, it } from 'vitest';
import { headMatchesProject, pulledSnapshot } from './pulled-snapshot.ts';

const hash = 'a'.repeat(64);

describe('pulling a branch head into a version', () => {
  it('keeps lock flags and stored binary files; reports the other skipped files', () => {
    const { snapshot, skipped } = pulledSnapshot({
      title: 'Shop',
      head: [
        { path: 'src/App.tsx', content: 'changed on GitHub' },
        { path: 'src/config.ts', content: 'x' },
      ],
      skipped: [
        { path: 'public/logo.png', reason: 'binary file' },
        { path: 'video.mp4', reason: 'binary file' },
      ],
      current: {
        title: 'Shop',
        files: [
          { name: 'src/App.tsx', content: 'old', isLocked: true },
          { name: 'public/logo.png', content: '', isLocked: false, binary: { kind: 'blob', hash, size: 3 } },
        ],
      },
    });
    expect(snapshot.files.map((f) => [f.name, f.content, f.isLocked])).toEqual([
      ['public/logo.png', '', false],
      ['src/App.tsx', 'changed on GitHub', true],
      ['src/config.ts', 'x', false],
    ]);
    expect(skipped).toEqual([{ path: 'video.mp4', reason: 'binary file' }]);
  });

  it('sees no change when the head holds the project as pushed', () => {
    const project = [
      { name: 'index.html', content: '<h1>x</h1>', binary: false },
      { name: 'logo.png', content: '', binary: true },
      { name: '.env.local', content: 'SECRET=1', binary: false },
    ];
    const ignored = (path: string) => path.startsWith('.env');
    expect(headMatchesProject([{ path: 'index.html', content: '<h1>x</h1>' }], project, ignored)).toBe(true);
    expect(headMatchesProject([{ path: 'index.html', content: '<h1>y</h1>' }], project, ignored)).toBe(false);
    expect(
      headMatchesProject(
        [
          { path: 'index.html', content: '<h1>x</h1>' },
          { path: 'extra.css', content: '' },
        ],
        project,
        ignored,
      ),
    ).toBe(false);
  });
});
