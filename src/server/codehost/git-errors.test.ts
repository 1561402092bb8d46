import { describe, expect, it } from 'vitest';
import { classifyRemoteFailure } from './git-errors.ts';

/** Real stderr of `git fetch` (2.39, over smart HTTP) against damaged or unreachable remotes. */
const FETCH_STDERR = {
  missingObject:
    "fatal: missing blob object '0b81ed87317dd686e028bbb149c8a3bdf3f22eb0'\n" +
    'error: http://127.0.0.1:44319/alice/swap.git did not send all necessary objects\n',
  corruptLooseObject:
    'remote: error: inflate: data stream error (incorrect header check)\n' +
    'remote: error: unable to unpack 0b81ed87317dd686e028bbb149c8a3bdf3f22eb0 header\n' +
    'remote: fatal: loose object 0b81ed87317dd686e028bbb149c8a3bdf3f22eb0 (stored in ./objects/0b/81ed) is corrupt\n' +
    'remote: aborting due to possible repository corruption on the remote side.\n' +
    'fatal: protocol error: bad pack header\n',
  corruptPackOverFile:
    'error: inflate: data stream error (invalid bit length repeat)\n' +
    'fatal: packed object 28eeaed08496324b1f62f7fceb34f3098fca75fa (stored in ./objects/pack/pack-76d1.pack) is corrupt\n' +
    'fatal: the remote end hung up unexpectedly\n',
  garbledProtocol: "fatal: expected 'packfile'\n",
  badPackObject: 'fatal: pack has bad object at offset 1234: inflate returned -3\nfatal: index-pack failed\n',
  cutMidPack:
    'error: RPC failed; curl 18 transfer closed with outstanding read data remaining\n' +
    'fatal: early EOF\n' +
    'fatal: fetch-pack: invalid index-pack output\n',
  indexPackAlone: 'fatal: index-pack failed\n',
};

describe('what a failed git command against a remote was', () => {
  it('a pack that is damaged, incomplete or no pack at all: corrupt (a failure of the remote)', () => {
    for (const name of [
      'missingObject',
      'corruptLooseObject',
      'corruptPackOverFile',
      'garbledProtocol',
      'badPackObject',
      'indexPackAlone',
    ] as const) {
      expect(classifyRemoteFailure(FETCH_STDERR[name]), name).toBe('corrupt');
    }
  });

  it('a connection cut in the middle of a pack stays network (retried)', () => {
    expect(classifyRemoteFailure(FETCH_STDERR.cutMidPack)).toBe('network');
    expect(classifyRemoteFailure('fatal: the remote end hung up unexpectedly\n')).toBe('network');
  });

  it('keeps the other kinds', () => {
    expect(classifyRemoteFailure("fatal: couldn't find remote ref refs/heads/nope\n")).toBe('not-found');
    expect(classifyRemoteFailure('fatal: Authentication failed for x\n')).toBe('auth');
    expect(classifyRemoteFailure(' ! [rejected] main -> main (fetch first)\n')).toBe('rejected');
    expect(classifyRemoteFailure('fatal: something else\n')).toBe('failed');
  });
});
