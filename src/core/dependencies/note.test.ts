import { describe, expect, it } from 'vitest';
import { addedPackagesNote } from './note.ts';

describe("the chat's note on added packages", () => {
  it.each<[{ name: string; version: string }[], string | null]>([
    [[], null],
    [[{ name: 'lucide-react', version: '0.475.0' }], 'Kiln added lucide-react 0.475.0 to package.json.'],
    [
      [
        { name: 'lucide-react', version: '0.475.0' },
        { name: 'axios', version: '1.7.9' },
      ],
      'Kiln added lucide-react 0.475.0 and axios 1.7.9 to package.json.',
    ],
    [
      [
        { name: 'a', version: '1.0.0' },
        { name: 'b', version: '2.0.0' },
        { name: '@angular/router', version: '^21.0.0' },
      ],
      'Kiln added a 1.0.0, b 2.0.0 and @angular/router ^21.0.0 to package.json.',
    ],
  ])('%j', (added, expected) => {
    expect(addedPackagesNote(added)).toBe(expected);
  });
});
