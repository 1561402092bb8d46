import { describe, expect, it } from 'vitest';
import { preprocessorOf, styleSpecifiers } from './style-imports.ts';

describe('what a stylesheet asks of packages', () => {
  it.each<[string, string, string[]]>([
    [
      'Tailwind 4',
      `@import "tailwindcss";\n@plugin "@tailwindcss/typography";\n@plugin 'daisyui';`,
      ['tailwindcss', '@tailwindcss/typography', 'daisyui'],
    ],
    [
      'a package stylesheet',
      `@import 'bootstrap/dist/css/bootstrap.min.css';`,
      ['bootstrap/dist/css/bootstrap.min.css'],
    ],
    [
      'url() imports are the browser’s',
      `@import url('https://fonts.googleapis.com/css2?family=Inter');\n@import url(normalize.css);`,
      [],
    ],
    [
      'relative imports are read (and sorted out later)',
      `@import './theme.css';\n@import 'local.css';`,
      ['./theme.css', 'local.css'],
    ],
    [
      'Sass @use and @forward',
      `@use 'sass:math';\n@use "bulma/sass/utilities";\n@forward 'src/list';`,
      ['sass:math', 'bulma/sass/utilities', 'src/list'],
    ],
    ['webpack’s ~ spelling', `@import '~animate.css/animate.min.css';`, ['animate.css/animate.min.css']],
    ['comments name nothing', `/* @import 'commented'; */\nbody { color: red; }`, []],
  ])('%s', (_label, css, expected) => {
    expect(styleSpecifiers(css)).toEqual(expected);
  });

  it('a stylesheet language needs its preprocessor', () => {
    expect(['scss', 'sass', 'less', 'styl', 'stylus', 'css', 'postcss'].map(preprocessorOf)).toEqual([
      'sass',
      'sass',
      'less',
      'stylus',
      'stylus',
      null,
      null,
    ]);
  });
});
