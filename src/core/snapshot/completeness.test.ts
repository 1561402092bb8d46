import { describe, expect, it } from 'vitest';
import { completeWithTemplate, needsBlankTemplate } from './completeness.ts';

const template = [
  { name: 'package.json', content: '{"name":"blank-react-app"}' },
  { name: 'vite.config.ts', content: 'export default {}' },
  { name: 'tsconfig.json', content: '{}' },
  { name: 'src/App.tsx', content: 'blank' },
];

describe("Spec §5 'Artifact completeness': lacking package.json or any config/tsconfig file → merged with the blank template", () => {
  it('needs the template without package.json, or without any config/tsconfig file', () => {
    expect(needsBlankTemplate([{ name: 'src/App.tsx' }])).toBe(true);
    expect(needsBlankTemplate([{ name: 'package.json' }, { name: 'src/App.tsx' }])).toBe(true);
    expect(needsBlankTemplate([{ name: 'vite.config.ts' }])).toBe(true);
    expect(needsBlankTemplate([{ name: 'package.json' }, { name: 'tsconfig.json' }])).toBe(false);
  });

  it('counts a file the build script names (esbuild scripts, a Parcel entry) as the build configuration', () => {
    const packageJson = (build: string) => ({
      name: 'package.json',
      content: JSON.stringify({ scripts: { build } }),
    });
    expect(needsBlankTemplate([packageJson('node scripts/build.mjs'), { name: 'scripts/build.mjs' }])).toBe(
      false,
    );
    expect(
      needsBlankTemplate([packageJson('parcel build ./src/index.html'), { name: 'src/index.html' }]),
    ).toBe(false);
    expect(needsBlankTemplate([packageJson('vite build'), { name: 'src/main.js' }])).toBe(true);
    expect(needsBlankTemplate([{ name: 'package.json', content: '{ not json' }, { name: 'a.js' }])).toBe(
      true,
    );
  });

  it("adds the template's missing files; the snapshot's own files win", () => {
    const snapshot = {
      title: 'T',
      files: [
        { name: 'src/App.tsx', content: 'mine', isLocked: true },
        { name: 'src/List.tsx', content: 'list', isLocked: false },
      ],
    };
    expect(completeWithTemplate(snapshot, template)).toEqual({
      title: 'T',
      files: [
        { name: 'package.json', content: '{"name":"blank-react-app"}', isLocked: false },
        { name: 'vite.config.ts', content: 'export default {}', isLocked: false },
        { name: 'tsconfig.json', content: '{}', isLocked: false },
        { name: 'src/App.tsx', content: 'mine', isLocked: true },
        { name: 'src/List.tsx', content: 'list', isLocked: false },
      ],
    });
  });

  it('returns a complete snapshot unchanged', () => {
    const complete = {
      title: 'T',
      files: [
        { name: 'package.json', content: '{}', isLocked: false },
        { name: 'vite.config.js', content: '', isLocked: false },
      ],
    };
    expect(completeWithTemplate(complete, template)).toBe(complete);
  });
});
