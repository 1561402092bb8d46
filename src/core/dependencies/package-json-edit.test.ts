import { describe, expect, it } from 'vitest';
import { withAddedDependencies } from './package-json-edit.ts';

describe('package.json with packages added', () => {
  it('a sorted dependencies stays sorted; indentation, key order and the final newline are kept', () => {
    const source =
      '{\n    "name": "x",\n    "dependencies": {\n        "react": "^19.2.0",\n        "react-dom": "^19.2.0"\n    },\n    "devDependencies": {}\n}\n';
    const result = withAddedDependencies(source, [
      { name: 'axios', version: '1.7.9' },
      { name: 'react', version: '18.0.0' },
    ])!;
    expect(result).toBe(
      '{\n    "name": "x",\n    "dependencies": {\n        "axios": "1.7.9",\n        "react": "^19.2.0",\n        "react-dom": "^19.2.0"\n    },\n    "devDependencies": {}\n}\n',
    );
  });

  it('an unsorted dependencies gets the new ones at its end', () => {
    const source = JSON.stringify({ dependencies: { vue: '^3.5.0', axios: '1.0.0' } });
    expect(JSON.parse(withAddedDependencies(source, [{ name: 'pinia', version: '3.0.3' }])!)).toEqual({
      dependencies: { vue: '^3.5.0', axios: '1.0.0', pinia: '3.0.3' },
    });
    expect(
      Object.keys(
        JSON.parse(withAddedDependencies(source, [{ name: 'pinia', version: '3.0.3' }])!).dependencies,
      ),
    ).toEqual(['vue', 'axios', 'pinia']);
  });

  it('without dependencies: made before devDependencies (svelte’s template has none)', () => {
    const source = JSON.stringify({ name: 'x', scripts: {}, devDependencies: { svelte: '^5' } }, null, 2);
    const result = withAddedDependencies(source, [{ name: 'canvas-confetti', version: '1.9.3' }])!;
    expect(Object.keys(JSON.parse(result))).toEqual(['name', 'scripts', 'dependencies', 'devDependencies']);
    expect(result.endsWith('}')).toBe(true);
  });

  it('is not a JSON object: null (Kiln does not rewrite it)', () => {
    expect(withAddedDependencies('{ "name": ', [{ name: 'a', version: '1.0.0' }])).toBeNull();
    expect(withAddedDependencies('[]', [{ name: 'a', version: '1.0.0' }])).toBeNull();
  });
});
