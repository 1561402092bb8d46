import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../../src/server/db/schema/index.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

describe('GET /api/users/:id — the profile page data', () => {
  let kiln: TestKiln;
  let userId: string;
  beforeAll(async () => {
    kiln = await createTestKiln();
    const client = new TestClient(kiln);
    await client.signUp('maker@example.com', 'correct horse 1', 'Margaret Hamilton');
    userId = (await client.me()).user!.id;
    await kiln.services.db.insert(chats).values([
      { id: 'c1', userId, slug: 'landing-page-a1b2', title: 'Landing page', framework: 'react' },
      { id: 'c2', userId, slug: 'secret-c3d4', title: 'Secret', framework: 'vue', isPrivate: true },
    ]);
  });
  afterAll(async () => kiln.close());

  it('shows the author and only their public components', async () => {
    const response = await kiln.app.request(`/api/users/${userId}`);
    expect(response.status).toBe(200);
    const profile = await response.json();
    expect(profile.user).toMatchObject({ id: userId, fullName: 'Margaret Hamilton', avatarUrl: null });
    expect(profile.components.map((c: { slug: string }) => c.slug)).toEqual(['landing-page-a1b2']);
  });

  it('an account without a name has fullName null (shown as Anonymous user)', async () => {
    const client = new TestClient(kiln);
    await client.signUp('nameless@example.com', 'correct horse 1', '');
    const id = (await client.me()).user!.id;
    const profile = await (await kiln.app.request(`/api/users/${id}`)).json();
    expect(profile.user.fullName).toBeNull();
  });

  it('answers 404 with a code for an unknown user', async () => {
    const response = await kiln.app.request('/api/users/nobody');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not-found', message: 'User not found' } });
  });
});
