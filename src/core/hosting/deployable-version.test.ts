import { describe, expect, it } from 'vitest';
import { deployRefusal, isDeployableVersion } from './deployable-version.ts';

describe('which versions can be deployed', () => {
  it('only a finished answer', () => {
    expect(isDeployableVersion('stop')).toBe(true);
    for (const reason of [null, 'length', 'error']) expect(isDeployableVersion(reason)).toBe(false);
  });

  it('says why the others cannot', () => {
    expect(deployRefusal(null)).toMatch(/still being generated/);
    expect(deployRefusal('length')).toMatch(/continue the generation/);
    expect(deployRefusal('error')).toMatch(/ended with an error/);
  });
});
