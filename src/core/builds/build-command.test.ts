import { describe, expect, it } from 'vitest';
import { buildCommand } from './build-command.ts';

describe('the command a preview build runs', () => {
  it("runs the project's own build script, with or without a dev script", () => {
    expect(buildCommand({ scripts: { build: 'tsc -b && vite build' } }, 'react')).toEqual({
      script: 'tsc -b && vite build',
      source: 'project',
    });
    // Every Angular CLI project has `start`, not `dev`.
    expect(buildCommand({ scripts: { start: 'ng serve', build: 'ng build' } }, 'angular')).toEqual({
      script: 'ng build',
      source: 'project',
    });
  });

  it("falls back to the framework's default only when there is no build script", () => {
    expect(buildCommand({ scripts: { dev: 'vite' } }, 'vue')).toEqual({
      script: 'vite build',
      source: 'default',
    });
    expect(buildCommand({ scripts: { build: '  ' } }, 'angular')).toEqual({
      script: 'ng build',
      source: 'default',
    });
    expect(buildCommand({}, 'svelte')).toEqual({ script: 'vite build', source: 'default' });
  });

  it('has nothing to run for a project without a build script and no framework default', () => {
    expect(buildCommand({ scripts: { dev: 'x' } }, undefined)).toBeNull();
    expect(buildCommand({ scripts: { build: 42 } }, 'html')).toBeNull();
  });
});
