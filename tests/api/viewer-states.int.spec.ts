import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBundle, insertSkin } from '../../api/catalogue/catalogue.writes';
import { rateSkin } from '../../api/catalogue/rate-skin.handler';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createViewers } from '../support/test-users';

// The per-viewer parts of skin and bundle pages, asked apart from the shared answers.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const SKIN_STATES = `query ($ids: [ID!]!) { viewerSkinStates(ids: $ids) { id myRating takedown { reason by { username } } } }`;
const BUNDLE_STATES = `query ($ids: [ID!]!) { viewerBundleStates(ids: $ids) { id takedown { reason by { username } } } }`;
const TAKE_DOWN = `mutation ($t: ModeratedItemType!, $id: ID!, $reason: String!) {
  takeDownItem(itemType: $t, itemId: $id, ground: NO_RIGHTS, reason: $reason) { success } }`;

async function ok(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await graphql(app, query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

async function skinOf(authorId: number, title: string) {
  return insertSkin(app.context.pool, { authorId, title, description: '', game: 'TM2020', priceCents: 0 });
}

describe('the viewer states of skins and bundles', () => {
  it('refuses anonymous visitors', async () => {
    for (const query of [SKIN_STATES, BUNDLE_STATES]) {
      const { body } = await graphql(app, query, { ids: ['1'] });
      expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it("gives each viewer their own vote, never another's, in the order asked and each id once", async () => {
    const { owner, other, admin } = await createViewers(app);
    const voted = await skinOf(owner.id, 'Voted Livery');
    const unvoted = await skinOf(owner.id, 'Unvoted Livery');
    await rateSkin(app.context, {
      skinId: voted.id,
      userId: other.id,
      rating: 4,
      metadata: { actor: { userId: other.id }, correlationId: 'viewer-states-test' },
    });
    const ids = [String(unvoted.id), String(voted.id), String(unvoted.id)];
    const statesOf = async (token: string) =>
      (await ok(SKIN_STATES, { ids }, token)).viewerSkinStates.map(
        (state: { id: string; myRating: number | null }) => [state.id, state.myRating],
      );
    expect(await statesOf(other.token)).toEqual([
      [String(unvoted.id), null],
      [String(voted.id), 4],
    ]);
    for (const token of [owner.token, admin.token]) {
      expect(await statesOf(token)).toEqual([
        [String(unvoted.id), null],
        [String(voted.id), null],
      ]);
    }
  });

  it("shows a takedown to the item's author (without who) and to admins (with who), to nobody else", async () => {
    const { owner, other, admin } = await createViewers(app);
    const skin = await skinOf(owner.id, 'Taken Livery');
    const bundle = await insertBundle(app.context.pool, {
      authorId: owner.id,
      title: 'Taken Pack',
      description: '',
      game: 'TM2020',
      priceCents: 300,
      skinIds: [skin.id],
    });
    await ok(TAKE_DOWN, { t: 'SKIN', id: String(skin.id), reason: 'Stolen artwork' }, admin.token);
    await ok(TAKE_DOWN, { t: 'BUNDLE', id: String(bundle.id), reason: 'Stolen pack' }, admin.token);
    const takedowns = async (token: string) => [
      (await ok(SKIN_STATES, { ids: [String(skin.id)] }, token)).viewerSkinStates[0].takedown,
      (await ok(BUNDLE_STATES, { ids: [String(bundle.id)] }, token)).viewerBundleStates[0].takedown,
    ];
    expect(await takedowns(owner.token)).toEqual([
      { reason: 'Stolen artwork', by: null },
      { reason: 'Stolen pack', by: null },
    ]);
    expect(await takedowns(admin.token)).toEqual([
      { reason: 'Stolen artwork', by: { username: admin.username } },
      { reason: 'Stolen pack', by: { username: admin.username } },
    ]);
    expect(await takedowns(other.token)).toEqual([null, null]);
  });

  it('refuses more than 100 ids', async () => {
    const { other } = await createViewers(app);
    const ids = Array.from({ length: 101 }, (_, i) => String(i + 1));
    const { body } = await graphql(app, SKIN_STATES, { ids }, other.token);
    expect(body.errors).toBeDefined();
  });
});
