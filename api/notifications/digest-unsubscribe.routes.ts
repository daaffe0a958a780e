import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { escapeHtml } from '../../domain/text/escape-html';
import { UNSUBSCRIBE_PATH } from '../mail/notification-digest.mail';
import { digestFrequencyOf, setDigestFrequency } from './notification-digests';

/** Enough for a person and a mail client's one-click POST; far too few to try tokens. */
const UNSUBSCRIBE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const unsubscribeMessages = {
  title: 'Notification mails',
  invalid:
    'This unsubscribe link is not valid or has expired. You can turn notification mails off in your account settings.',
  confirm: (username: string) => `Stop the notification digests of ${username}?`,
  confirmHelp:
    'You will get no more daily or weekly digest mails. The bell on the site keeps your notifications.',
  button: 'Unsubscribe',
  done: 'You are unsubscribed',
  doneHelp:
    'No more notification digests will be mailed to you. You can turn them on again in your account settings.',
  settings: 'Account settings',
} as const;

const texts = unsubscribeMessages;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · TrackSkins</title>
<style>
  body{margin:0;min-height:100vh;background:#0d0f14;color:#e8eaef;font-family:system-ui,Arial,sans-serif;display:flex;align-items:center;justify-content:center}
  main{width:min(520px,92vw);background:#161a22;border:1px solid #262c38;border-radius:12px;padding:28px}
  .brand{font-weight:800;letter-spacing:3px;color:#22d3ee;font-size:14px}
  h1{font-size:22px;margin:12px 0 8px} p{color:#c3c9d4;line-height:1.5}
  button{margin-top:12px;padding:12px 20px;border-radius:8px;border:0;font-size:15px;font-weight:700;cursor:pointer;background:#22d3ee;color:#0d0f14}
  button:focus-visible,a:focus-visible{outline:3px solid #f0abfc;outline-offset:2px}
  a{color:#22d3ee}
</style></head>
<body><main><div class="brand">TRACKSKINS</div>${body}</main></body></html>`;
}

const settingsLink = `<p><a href="/me/settings">${escapeHtml(texts.settings)}</a></p>`;
const donePage = () =>
  page(texts.done, `<h1>${escapeHtml(texts.done)}</h1><p>${escapeHtml(texts.doneHelp)}</p>${settingsLink}`);

const usernameRow = z.object({ username: z.string() });

/**
 * One-click unsubscribe from notification digests (RFC 8058), without signing in: the token of
 * the mail's link names the user and the purpose, signed and expiring. GET only asks (a link
 * checker or a mail scanner that opens the link changes nothing); POST, from that page's button or
 * from the mail client's one-click button (`List-Unsubscribe-Post`), turns the digest OFF and
 * answers 200. Both are idempotent; a bad or expired token gets a plain 400 page.
 */
export async function digestUnsubscribeRoutes(fastify: FastifyInstance, app: AppContext) {
  const grantOf = (query: unknown) => {
    const token = z.object({ token: z.string().max(200) }).safeParse(query);
    return token.success ? app.unsubscribeTokens.verify(token.data.token, 'digest') : null;
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const invalid = (reply: FastifyReply) =>
    html(
      reply,
      400,
      page(
        texts.title,
        `<h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.invalid)}</p>${settingsLink}`,
      ),
    );

  await fastify.register(async (scope) => {
    // The one-click POST carries `List-Unsubscribe=One-Click` as multipart/form-data or url-encoded;
    // the token in the address is all that is read.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, {}),
    );

    scope.get(UNSUBSCRIBE_PATH, { config: UNSUBSCRIBE_LIMIT }, async (request, reply) => {
      const grant = grantOf(request.query);
      if (!grant) return invalid(reply);
      const username = await app.pool.maybeOneFirst(sql.type(usernameRow)`
        select username::text as username from users where id = ${grant.userId}`);
      if (username === null || (await digestFrequencyOf(app.pool, grant.userId)) === 'OFF') {
        return html(reply, 200, donePage());
      }
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent((request.query as { token: string }).token)}`;
      return html(
        reply,
        200,
        page(
          texts.title,
          `<h1>${escapeHtml(texts.confirm(username))}</h1><p>${escapeHtml(texts.confirmHelp)}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(texts.button)}</button></form>`,
        ),
      );
    });

    scope.post(UNSUBSCRIBE_PATH, { config: UNSUBSCRIBE_LIMIT }, async (request, reply) => {
      const grant = grantOf(request.query);
      if (!grant) return invalid(reply);
      await setDigestFrequency(app.pool, grant.userId, 'OFF');
      request.log.info({ userId: grant.userId }, 'notification digests unsubscribed by link');
      return html(reply, 200, donePage());
    });
  });
}
