import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinEditorMessages } from '../../api/authoring/skin-editor.handler';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  ownedSkinIdsOf,
  payLocally,
  postJson,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { uploadSkinFiles } from '../support/upload-files';

// A hidden skin is not sold through a bundle, and a skin in a bundle keeps the bundle's game.

let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await createTestApp();
  author = await createUser(app);
});
afterAll(async () => {
  await app.close();
});

const hide = (skinId: number, hidden: boolean) =>
  app.context.pool.query(sql.unsafe`update skins set published = ${!hidden} where id = ${skinId}`);

describe('a bundle holding a hidden skin', () => {
  it('sells and grants only its published skins, as its page shows them', async () => {
    const shown = await addSkin(app, { authorId: author.id, priceCents: 400 });
    const hidden = await addSkin(app, { authorId: author.id, priceCents: 400 });
    const bundle = await addBundle(app, {
      authorId: author.id,
      priceCents: 600,
      skinIds: [shown.id, hidden.id],
    });
    await hide(hidden.id, true);

    const page = await graphql(
      app,
      `
        query ($url: String!) {
          bundle(url: $url) {
            skins {
              id
            }
          }
        }
      `,
      {
        url: bundle.url,
      },
    );
    expect(page.body.data.bundle.skins).toEqual([{ id: String(shown.id) }]);

    const buyer = await createUser(app);
    const checkout = await cardCheckout(app, checkoutForm({ bundles: [bundle.id] }), buyer.token);
    const order = await orderBySession(app, checkout.reference);
    const placed = await app.context.pool.oneFirst(sql.type(z.object({ data: z.any() }))`
      select data from events where stream_id = ${`order-${order.id}`} and event_type = 'OrderPlaced'`);
    expect(placed.items).toMatchObject([{ itemType: 'BUNDLE', itemId: bundle.id, skinIds: [shown.id] }]);

    // Shown again before the payment arrives, the skin still is not part of this order.
    await hide(hidden.id, false);
    expect((await payLocally(app, checkout.reference)).statusCode).toBeLessThan(400);
    expect(await ownedSkinIdsOf(app, buyer.id)).toEqual([shown.id]);
  });

  it('cannot be bought while none of its skins is on sale', async () => {
    const skin = await addSkin(app, { authorId: author.id, priceCents: 400 });
    const bundle = await addBundle(app, { authorId: author.id, priceCents: 300, skinIds: [skin.id] });
    await hide(skin.id, true);
    const refused = await postJson(app, '/api/stripe/checkout', checkoutForm({ bundles: [bundle.id] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      field: 'bundles',
      message: `${bundle.title} has no skins on sale at the moment.`,
    });
    await hide(skin.id, false);
    await cardCheckout(app, checkoutForm({ bundles: [bundle.id] }));
  });
});

describe('a skin in a bundle', () => {
  const UPDATE_SKIN = `mutation ($dto: SkinInput!) { updateSkin(dto: $dto) { id success } }`;
  const SKIN = `query ($url: String!) { skin(url: $url) { id title description type price resources { id type order } } }`;

  it('cannot move to another game until it leaves the bundles of its game', async () => {
    const files = await uploadSkinFiles(app, author.token);
    const created = await graphql(
      app,
      `
        mutation ($dto: SkinInput!) {
          createSkin(dto: $dto) {
            id
            url
          }
        }
      `,
      {
        dto: {
          title: 'Canyon Crawler',
          description: 'Dust and chrome',
          type: 'TM2020',
          price: 0,
          images: files.imageIds.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order })),
          skinSource: { id: files.zipId, temporary: true, type: 'SKIN_SOURCE', order: 0 },
        },
      },
      author.token,
    );
    expect(created.body.errors).toBeUndefined();
    const { id, url } = created.body.data.createSkin as { id: string; url: string };
    const bundle = await addBundle(app, {
      authorId: author.id,
      priceCents: 500,
      skinIds: [Number(id)],
      title: 'Desert Pack',
    });

    const skin = (await graphql(app, SKIN, { url })).body.data.skin;
    const moveTo = (type: string) =>
      graphql(
        app,
        UPDATE_SKIN,
        {
          dto: {
            id,
            title: skin.title,
            description: skin.description,
            type,
            price: skin.price,
            images: skin.resources
              .filter((r: { type: string }) => r.type === 'IMAGE')
              .map((r: { id: string; order: number }) => ({
                id: r.id,
                temporary: false,
                type: 'IMAGE',
                order: r.order,
              })),
          },
        },
        author.token,
      );

    const refused = await moveTo('TMNF');
    expect(refused.body.errors?.[0]).toMatchObject({
      message: skinEditorMessages.inBundleOfGame('"Desert Pack"'),
      extensions: { code: 'BAD_USER_INPUT', field: 'type' },
    });
    expect((await graphql(app, SKIN, { url })).body.data.skin.type).toBe('TM2020');

    // The same game is no move; out of the bundle, the skin moves.
    expect((await moveTo('TM2020')).body.errors).toBeUndefined();
    await app.context.pool.query(sql.unsafe`delete from bundle_skins where bundle_id = ${bundle.id}`);
    expect((await moveTo('TMNF')).body.errors).toBeUndefined();
    expect((await graphql(app, SKIN, { url })).body.data.skin.type).toBe('TMNF');
  });
});
