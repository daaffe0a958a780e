import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

let app: TestApp;
let viewers: Awaited<ReturnType<typeof createViewers>>;

beforeAll(async () => {
  app = await createTestApp({ config: { logLevel: 'error' } });
  viewers = await createViewers(app);
});
afterAll(async () => {
  await app.close();
});

const MY_USER =
  '{ myUser { id username email country payoutMethod paypalAccount bankAccountIban bankAccountBic avatar { url } roles { name } } }';
const UPDATE = `mutation Update($dto: UpdateMyUserInput!) {
  updateMyUser(dto: $dto) { id fullname country payoutMethod paypalAccount bankAccountIban bankAccountBic street city subscribedToNews avatar { url filename } }
}`;
const USERS = `query Users($search: String, $includeAnonymous: Boolean, $page: PageInput) {
  users(search: $search, includeAnonymous: $includeAnonymous, page: $page) {
    pageInfo { pageNumber pageSize totalElements totalPages numberOfElements }
    content { id username email createdAt }
  }
}`;

const errorCode = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;

describe('permissions', () => {
  // Each protected operation, asked by nobody, a regular user and an admin.
  const operations = [
    {
      name: 'myUser',
      query: MY_USER,
      variables: {},
      anonymous: 'UNAUTHENTICATED',
      regular: null,
      admin: null,
    },
    {
      name: 'updateMyUser',
      query: UPDATE,
      variables: { dto: { subscribedToNews: true } },
      anonymous: 'UNAUTHENTICATED',
      regular: null,
      admin: null,
    },
    {
      name: 'users',
      query: USERS,
      variables: {},
      anonymous: 'UNAUTHENTICATED',
      regular: 'FORBIDDEN',
      admin: null,
    },
  ] as const;

  for (const operation of operations) {
    it(`${operation.name}: anonymous ${operation.anonymous}, regular ${operation.regular ?? 'allowed'}, admin ${operation.admin ?? 'allowed'}`, async () => {
      const anonymous = await graphql(app, operation.query, operation.variables);
      expect(errorCode(anonymous.body)).toBe(operation.anonymous);
      const regular = await graphql(app, operation.query, operation.variables, viewers.owner.token);
      expect(errorCode(regular.body) ?? null).toBe(operation.regular);
      const admin = await graphql(app, operation.query, operation.variables, viewers.admin.token);
      expect(errorCode(admin.body) ?? null).toBe(operation.admin);
    });
  }

  it('a bad token counts as nobody', async () => {
    const { body } = await graphql(app, MY_USER, {}, `${viewers.owner.token}tampered`);
    expect(errorCode(body)).toBe('UNAUTHENTICATED');
  });

  it('each user reads and changes only their own account', async () => {
    const mine = await graphql(app, MY_USER, {}, viewers.owner.token);
    expect(mine.body.data.myUser).toMatchObject({
      id: String(viewers.owner.id),
      username: viewers.owner.username,
      roles: [{ name: 'regular' }],
    });
    await graphql(app, UPDATE, { dto: { fullname: 'Owner Name' } }, viewers.owner.token);
    const theirs = await graphql(app, MY_USER, {}, viewers.other.token);
    expect(theirs.body.data.myUser.id).toBe(String(viewers.other.id));
    const admin = await graphql(app, MY_USER, {}, viewers.admin.token);
    expect(admin.body.data.myUser.roles.map((role: { name: string }) => role.name)).toEqual([
      'regular',
      'admin',
    ]);
  });
});

describe('admin user list', () => {
  it('pages users newest first with their email, searches, and leaves out guests unless asked', async () => {
    const tagged = [];
    for (const n of [1, 2, 3]) tagged.push(await createUser(app, { username: `listed_zebra_${n}` }));
    await app.context.pool.query(
      (await import('slonik')).sql.unsafe`insert into users (url, username, email, anonymous, password_hash)
        values ('guest-zebra', 'guest_zebra', 'guest.zebra@example.com', true, null)`,
    );
    const { body } = await graphql(
      app,
      USERS,
      { search: 'zebra', page: { page: 0, size: 2 } },
      viewers.admin.token,
    );
    expect(body.data.users.pageInfo).toEqual({
      pageNumber: 0,
      pageSize: 2,
      totalElements: 3,
      totalPages: 2,
      numberOfElements: 2,
    });
    expect(body.data.users.content.map((u: { username: string }) => u.username)).toEqual([
      'listed_zebra_3',
      'listed_zebra_2',
    ]);
    expect(body.data.users.content[0].email).toBe(tagged[2]!.email);

    const withGuests = await graphql(
      app,
      USERS,
      { search: 'zebra', includeAnonymous: true },
      viewers.admin.token,
    );
    expect(withGuests.body.data.users.pageInfo.totalElements).toBe(4);
  });

  it('caps the page size at 100', async () => {
    const { body } = await graphql(app, USERS, { page: { page: 0, size: 5000 } }, viewers.admin.token);
    expect(body.data.users.pageInfo.pageSize).toBe(100);
  });
});

describe("profile settings: refusals in the form's words", () => {
  const refusal = async (dto: Record<string, unknown>) => {
    const user = await createUser(app);
    const { body } = await graphql(app, UPDATE, { dto }, user.token);
    const error = body.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } };
    return { message: error?.message, code: error?.extensions?.code, field: error?.extensions?.field };
  };

  it('a null country: "Choose your country." on the country field, not zod\'s text', async () => {
    expect(await refusal({ country: null })).toEqual({
      message: 'Choose your country.',
      code: 'BAD_USER_INPUT',
      field: 'country',
    });
  });

  it('a missing country when bank payouts need one: "Choose your country."', async () => {
    expect(
      await refusal({
        fullname: 'Pat Player',
        street: 'Main 1',
        city: 'Brno',
        payoutMethod: 'BANK_TRANSFER',
        bankAccountIban: 'DE89370400440532013000',
        bankAccountBic: 'COBADEFFXXX',
      }),
    ).toEqual({ message: 'Choose your country.', code: 'BAD_USER_INPUT', field: 'country' });
  });

  it("an unknown country and a too long name: the form's messages", async () => {
    expect(await refusal({ country: 'xx' })).toMatchObject({
      message: 'Choose your country.',
      field: 'country',
    });
    expect(await refusal({ fullname: 'x'.repeat(121) })).toMatchObject({ field: 'fullname' });
    expect((await refusal({ fullname: 'x'.repeat(121) })).message).not.toMatch(/Too big|expected/);
  });
});

describe('profile settings', () => {
  const update = (dto: object, token = viewers.owner.token) => graphql(app, UPDATE, { dto }, token);
  const refusal = (body: {
    errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  }) => ({
    code: body.errors?.[0]?.extensions?.code,
    field: body.errors?.[0]?.extensions?.field,
    message: body.errors?.[0]?.message,
  });

  it('saves PayPal payout details', async () => {
    const { body } = await update({
      payoutMethod: 'PAYPAL',
      paypalAccount: 'pay@example.com',
      fullname: 'Jana Nováková',
    });
    expect(body.data.updateMyUser).toMatchObject({
      payoutMethod: 'PAYPAL',
      paypalAccount: 'pay@example.com',
      fullname: 'Jana Nováková',
    });
  });

  it('saves bank details, keeping the IBAN in its electronic form', async () => {
    const { body } = await update({
      payoutMethod: 'BANK_TRANSFER',
      fullname: 'Jana Nováková',
      street: 'Karlova 1',
      city: 'Praha',
      country: 'cz',
      bankAccountIban: 'DE89 3704 0044 0532 0130 00',
      bankAccountBic: 'cobadeffxxx',
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateMyUser).toMatchObject({
      bankAccountIban: 'DE89370400440532013000',
      bankAccountBic: 'COBADEFFXXX',
      city: 'Praha',
    });
  });

  const bank = {
    payoutMethod: 'BANK_TRANSFER',
    fullname: 'Jana N',
    street: 'Karlova 1',
    city: 'Praha',
    country: 'cz',
    bankAccountBic: 'COBADEFFXXX',
  };
  it.each([
    [
      'a wrong IBAN checksum',
      { ...bank, bankAccountIban: 'DE89370400440532013001' },
      'bankAccountIban',
      'Enter a valid IBAN.',
    ],
    [
      'an IBAN outside the SEPA area',
      { ...bank, bankAccountIban: 'BR1800360305000010009795493C1' },
      'bankAccountIban',
      'Bank payouts go to accounts in the SEPA area. For an account elsewhere, choose PayPal.',
    ],
    [
      'an IBAN over 34 characters',
      { ...bank, bankAccountIban: 'DE8937040044053201300012345678901234567' },
      'bankAccountIban',
      'IBAN can have at most 34 characters.',
    ],
    [
      'a BIC of 7 characters',
      { ...bank, bankAccountIban: 'DE89370400440532013000', bankAccountBic: 'COBADEF' },
      'bankAccountBic',
      'BIC must have 8 to 11 characters.',
    ],
    [
      'a BIC of 12 characters',
      { ...bank, bankAccountIban: 'DE89370400440532013000', bankAccountBic: 'COBADEFFXXXX' },
      'bankAccountBic',
      'BIC must have 8 to 11 characters.',
    ],
    ['bank transfer without an IBAN', bank, 'bankAccountIban', 'Enter a valid IBAN.'],
    [
      'PayPal without its email',
      { payoutMethod: 'PAYPAL', fullname: 'Jana N' },
      'paypalAccount',
      'Enter the email address of your PayPal account.',
    ],
    ['an unknown country', { country: 'zz' }, 'country', 'Choose your country.'],
  ])('refuses %s and keeps the saved details', async (_case, dto, field, message) => {
    const before = await graphql(app, MY_USER, {}, viewers.owner.token);
    const { body } = await update(dto);
    expect(refusal(body)).toEqual({ code: 'BAD_USER_INPUT', field, message });
    const after = await graphql(app, MY_USER, {}, viewers.owner.token);
    expect(after.body.data.myUser).toEqual(before.body.data.myUser);
  });

  const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

  it('stores a JPEG avatar at 400x400 without metadata, serves it with a long cache, and replaces the old one', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#22d3ee' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-author' } } })
      .toBuffer();
    const first = await update({
      avatar: { filename: 'me.jpg', type: 'image/jpeg', content: dataUrl(photo) },
    });
    const avatar = first.body.data.updateMyUser.avatar;
    expect(avatar.url).toBe(`/public/${avatar.filename}`);
    const served = await app.server.inject({ method: 'GET', url: avatar.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers.etag).toBeTruthy();
    const stored = await sharp(served.rawPayload).metadata();
    expect([stored.width, stored.height, stored.exif]).toEqual([400, 400, undefined]);

    const second = await update({ avatar: { content: dataUrl(photo) } });
    expect(second.body.data.updateMyUser.avatar.filename).not.toBe(avatar.filename);
    expect((await app.server.inject({ method: 'GET', url: avatar.url })).statusCode).toBe(404);
  });

  it.each([
    [
      'a PNG',
      async () =>
        dataUrl(
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
          'image/jpeg',
        ),
      'Avatar must be a JPEG image.',
    ],
    [
      'text named as a JPEG',
      async () => dataUrl(Buffer.from('definitely not an image'), 'image/jpeg'),
      'Avatar must be a JPEG image.',
    ],
    [
      'a JPEG over 500000 bytes',
      async () =>
        dataUrl(
          await sharp({
            create: {
              width: 700,
              height: 700,
              channels: 3,
              background: '#000',
              noise: { type: 'gaussian', mean: 128, sigma: 60 },
            },
          })
            .jpeg({ quality: 100 })
            .toBuffer(),
        ),
      'Image is too large.',
    ],
  ])('refuses %s as an avatar', async (_case, make, message) => {
    const { body } = await update({ avatar: { content: await make() } });
    expect(refusal(body)).toMatchObject({ code: 'BAD_USER_INPUT', message });
  });
});
