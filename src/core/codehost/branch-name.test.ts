import { describe, expect, it } from 'vitest';
import { checkBranchName, MAX_BRANCH_NAME_BYTES, shownBranchName } from './branch-name.ts';

/** Names `git check-ref-format --branch` accepts (git 2.39), and Kiln with it. */
const VALID_BRANCH_NAMES = [
  'main',
  'feature/x',
  'release/2025.01',
  'a@b',
  'a./b',
  'é',
  'a{b}',
  'a]b',
  'a!b',
  'a#b',
  'a=b',
  'a,b',
  'a.lockx',
  'a/-b',
  'x/HEAD',
  '__proto__',
];

/** Names git refuses as a branch, with the reason Kiln gives. */
const INVALID_BRANCH_NAMES: [string, string][] = [
  ['', 'it is empty'],
  ['-main', 'it starts with "-"'],
  ['--upload-pack=touch${IFS}/tmp/x', 'it starts with "-"'],
  ['--upload-pack=x', 'it starts with "-"'],
  ['HEAD', '"HEAD" names HEAD, not a branch'],
  ['a@{b', 'it holds "@{"'],
  ['a/.b', 'a part of it starts with "."'],
  ['.a', 'a part of it starts with "."'],
  ['a.lock/b', 'a part of it ends with ".lock"'],
  ['a/b.lock', 'a part of it ends with ".lock"'],
  ['lock.lock', 'a part of it ends with ".lock"'],
  ['a.', 'it ends with "."'],
  ['a..b', 'it holds ".."'],
  ['a//b', 'it starts or ends with "/" or holds "//"'],
  ['/a', 'it starts or ends with "/" or holds "//"'],
  ['a/', 'it starts or ends with "/" or holds "//"'],
  ['a b', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a\tb', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a\u007fb', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a~b', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a^b', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a:b', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['x:refs/heads/y', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a?b', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a*b', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a[b', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
  ['a\\b', 'it holds a space, a control character or one of ~ ^ : ? * [ \\'],
];

describe('branch names Kiln hands to git', () => {
  it.each(VALID_BRANCH_NAMES)('takes %j', (name) => {
    expect(checkBranchName(name)).toEqual({ ok: true, name });
  });

  it.each(INVALID_BRANCH_NAMES)('refuses %j: %s', (name, reason) => {
    expect(checkBranchName(name)).toEqual({ ok: false, reason });
  });

  it('refuses "@", git\'s shorthand for HEAD, and names too long to be a ref file', () => {
    expect(checkBranchName('@')).toEqual({ ok: false, reason: '"@" names HEAD, not a branch' });
    expect(checkBranchName('a'.repeat(MAX_BRANCH_NAME_BYTES)).ok).toBe(true);
    expect(checkBranchName('a'.repeat(MAX_BRANCH_NAME_BYTES + 1)).ok).toBe(false);
    // Bytes, not characters: 128 two-byte letters are 256 bytes.
    expect(checkBranchName('é'.repeat(128)).ok).toBe(false);
  });

  it('shows a name quoted, its control characters escaped, cut short', () => {
    expect(shownBranchName('--upload-pack=x')).toBe('"--upload-pack=x"');
    expect(shownBranchName('a\nb')).toBe('"a\\nb"');
    expect(shownBranchName('x'.repeat(200))).toBe(`"${'x'.repeat(80)}…"`);
  });
});
