import { describe, expect, it } from 'vitest';
import { createInProcessRealtime } from '../../realtime/in-process.ts';
import type { PreviewAccess } from '../versions.ts';
import { PreviewAccessCache } from './access-cache.ts';

const access = (isPrivate: boolean, epoch: number): PreviewAccess => ({
  chatId: 'c1',
  version: 1,
  framework: 'react',
  ownerId: 'u1',
  isPrivate,
  previewTokenEpoch: epoch,
  messageId: 'm1',
  finishReason: 'stop',
  isBuilt: true,
});

describe('PreviewAccessCache', () => {
  it('answers from memory until any event of the chat, then asks again at once', async () => {
    const realtime = createInProcessRealtime();
    const cache = new PreviewAccessCache(realtime, 60_000);
    let stored = access(false, 0);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return stored;
    };
    expect(await cache.get('c1', 1, load)).toEqual(access(false, 0));
    expect(await cache.get('c1', 1, load)).toEqual(access(false, 0));
    expect(loads).toBe(1);
    // The chat turns private: the very next request sees it.
    stored = access(true, 1);
    realtime.publish({ type: 'visibility', chatId: 'c1', isPrivate: true });
    expect(await cache.get('c1', 1, load)).toEqual(access(true, 1));
    expect(loads).toBe(2);
  });

  it('does not remember a load that an event overtook', async () => {
    const realtime = createInProcessRealtime();
    const cache = new PreviewAccessCache(realtime, 60_000);
    let loads = 0;
    const racing = cache.get('c1', 1, async () => {
      loads += 1;
      realtime.publish({ type: 'visibility', chatId: 'c1', isPrivate: true });
      return access(false, 0);
    });
    await racing;
    await cache.get('c1', 1, async () => {
      loads += 1;
      return access(true, 1);
    });
    expect(loads).toBe(2);
  });
});
