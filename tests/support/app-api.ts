import { expect, inject } from 'vitest';
import { skinZip, testImage } from './upload-files';

/** A GraphQL call to the browser tests' app, as a client makes it; GraphQL errors fail the test. */
export async function appGraphql<T>(
  query: string,
  token?: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${inject('appUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Logs a demo account in through the API; returns its session token. */
export async function logInDemo(username: string): Promise<string> {
  const response = await fetch(`${inject('appUrl')}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo-password' }),
  });
  expect(response.status).toBe(200);
  return (await response.text()).trim();
}

export type Account = { id: string; username: string; token: string };

/** Registers a fresh account through the REST API, as the register form does. */
export async function registerAccount(username: string, password: string): Promise<Account> {
  const response = await fetch(`${inject('appUrl')}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password,
      country: 'cz',
      subscribedToNews: false,
    }),
  });
  const token = (await response.text()).trim();
  expect(response.status, token).toBe(200);
  const { myUser } = await appGraphql<{ myUser: { id: string } }>('{ myUser { id } }', token);
  return { id: myUser.id, username, token };
}

/** One file to /api/assets/temporary, as the editor's drop zones send it; answers its id. */
async function uploadFile(token: string, type: 'IMAGE' | 'SKIN_SOURCE', name: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${inject('appUrl')}/api/assets/temporary?type=${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await response.json()) as { id?: string; success: boolean; message: string | null };
  expect(answer.success, answer.message ?? '').toBe(true);
  return answer.id!;
}

/** A free TM2020 skin published by the token's account: a picture and a zip, as the editor sends them. */
export async function publishFreeSkin(token: string, title: string, description: string) {
  const imageId = await uploadFile(token, 'IMAGE', 'shot.png', await testImage({ width: 640, height: 360 }));
  const zipId = await uploadFile(token, 'SKIN_SOURCE', 'skin.zip', await skinZip());
  const { createSkin } = await appGraphql<{ createSkin: { id: string; url: string } }>(
    `
      mutation ($dto: SkinInput!) {
        createSkin(dto: $dto) {
          id
          url
        }
      }
    `,
    token,
    {
      dto: {
        title,
        description,
        type: 'TM2020',
        price: 0,
        images: [{ id: imageId, temporary: true, type: 'IMAGE', order: 0 }],
        skinSource: { id: zipId, temporary: true, type: 'SKIN_SOURCE', order: 0 },
      },
    },
  );
  return createSkin;
}

/**
 * A buyer pays skins by card on the local checkout page (a form POST, as the page's button does):
 * a guest, or signed in with `token`. The loopback address tells no country, so the buyer confirms
 * the billing country (docs/vat.md); `filesNow` gives the consent to immediate delivery.
 */
export async function payByCardLocally(order: {
  email: string;
  fullname: string;
  skins: string[];
  token?: string;
  filesNow?: boolean;
}): Promise<void> {
  const appUrl = inject('appUrl');
  const checkout = await fetch(`${appUrl}/api/stripe/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(order.token ? { authorization: `Bearer ${order.token}` } : {}),
    },
    body: JSON.stringify({
      email: order.email,
      fullname: order.fullname,
      country: 'cz',
      skins: order.skins,
      bundles: [],
      termsAccepted: true,
      reminderAccepted: true,
      countryConfirmed: true,
      ...(order.filesNow ? { deliveryNowConsent: true, withdrawalLossAcknowledged: true } : {}),
    }),
  });
  const path = (await checkout.text()).trim();
  expect(checkout.status, path).toBe(200);
  expect(path).toMatch(/^\/local-checkout\/lc_[a-f0-9]{32}$/);
  const paid = await fetch(`${appUrl}${path}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}
