import { describe, expect, it } from 'vitest';
import { angularJsonWithoutFontInlining } from './offline-steps.ts';

describe('Angular builds without the network: font inlining off', () => {
  it('turns font inlining off in the options and every optimized configuration', () => {
    const source = JSON.stringify({
      projects: {
        app: {
          architect: {
            build: {
              builder: '@angular/build:application',
              options: { outputPath: 'dist/app' },
              configurations: {
                production: { outputHashing: 'all' },
                staging: { optimization: true },
                fast: { optimization: { scripts: true, styles: false } },
                development: { optimization: false },
              },
            },
          },
        },
      },
    });
    const out = JSON.parse(angularJsonWithoutFontInlining(source)!);
    const build = out.projects.app.architect.build;
    expect(build.options.optimization.fonts).toBe(false);
    expect(build.options.outputPath).toBe('dist/app');
    expect(build.configurations.production).toEqual({ outputHashing: 'all' });
    expect(build.configurations.staging.optimization).toEqual({
      scripts: true,
      styles: { minify: true, inlineCritical: true },
      fonts: false,
    });
    expect(build.configurations.fast.optimization).toEqual({ scripts: true, styles: false, fonts: false });
    expect(build.configurations.development.optimization).toBe(false);
  });

  it('leaves a file that is not JSON to the build to report', () => {
    expect(angularJsonWithoutFontInlining('{ nope')).toBeNull();
  });
});
