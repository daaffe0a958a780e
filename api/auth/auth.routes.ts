import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UniqueIntegrityConstraintViolationError } from 'slonik';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../domain/accounts/account.schemas';
import { DomainError } from '../../domain/errors';
import { hashPassword, passwordMatches } from '../../infra/auth/password-hashing';
import {
  clearedSessionCookies,
  cookieValue,
  SESSION_CLAIMS_COOKIE,
  SESSION_COOKIE,
  sessionCookies,
} from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { HttpRefusal } from '../errors';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  endAllSessions,
  isBlocked,
  registerUser,
  sessionClaimsOf,
  setPassword,
  type UserRow,
} from '../accounts/users.repository';
import { passwordResetMail, welcomeMail } from './auth.mails';
import { canonicalIdentity } from './canonical-identity';
import { sendVerificationMail, verifyEmail } from './email-verification';
import { consumeResetCode, createResetCode } from './password-reset';
import { UserRateLimiter } from './user-rate-limiter';
import { sessionTokenOf } from './session-token';

const verifyEmailSchema = z.object({ token: z.string().min(1).max(2000) });

const EMAIL_TAKEN =
  'Sorry, but this email is already used by someone. Maybe you already have an account here?';
const USERNAME_TAKEN = 'Sorry, but this username is already taken. Try another one.';
export const USERNAME_LOOKALIKE =
  'Sorry, but this username looks too much like one already taken (such as rn for m, or l for I). Try another one.';
const BAD_LOGIN = "Sorry, that user or password doesn't match anyone we know. You can reset your password.";
/** What a blocked account is told, at sign-in and when its session is refused: why, and whom to write. */
export const accountBlockedMessage = (contact: string) =>
  `This account is blocked. If you think this is a mistake, write to ${contact} from its email address.`;
/** The cookie that tells the web app, on the page load that ended a blocked account's session, why. */
export const ACCOUNT_BLOCKED_COOKIE = 'account_blocked';

const VERIFY_MESSAGES = {
  verified: 'Your email is verified. Thank you!',
  used: 'This link was already used. If your email is not verified yet, send a new link from your account settings.',
  expired: 'This link has expired. Send a new one from your account settings.',
  invalid: 'This verification link is not valid. Send a new one from your account settings.',
} as const;

/** Across all client addresses, per account name: enough for a person, far too few to guess a password. */
const IDENTITY_TRIES_PER_MINUTE_FACTOR = 4;
const RESEND_PER_HOUR = 5;

/** The REST auth calls of the API contract, each rate-limited per client address. */
export async function authRoutes(fastify: FastifyInstance, app: AppContext) {
  // The body is parsed by then, so login and reset tries are counted per client address and
  // canonical account name: " Racer", "racer" and "ＲＡＣＥＲ" share one budget.
  const limited = (perMinute: number, subject?: (request: FastifyRequest) => string) => ({
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => (subject ? `${request.ip}|${subject(request)}` : request.ip),
    },
  });
  const bodyField = (field: string) => (request: FastifyRequest) =>
    canonicalIdentity((request.body as Record<string, unknown> | undefined)?.[field]);
  const perMinute = app.config.authRateLimitPerMinute;
  // The same canonical name tried from many addresses shares a budget too (a spread-out guess).
  const identityLimit = (name: string, message: string) =>
    new UserRateLimiter(app.pool, {
      name,
      max: perMinute * IDENTITY_TRIES_PER_MINUTE_FACTOR,
      windowMs: 60_000,
      now: app.now,
      message,
    });
  const loginsPerIdentity = identityLimit(
    'logins-per-account',
    'Too many login attempts for this account. Please wait a minute.',
  );
  // The same budgets once more per account, whichever of its name and email is typed (the budgets
  // above count what is typed, so the name and the email would each have their own).
  const triesPerAccount = identityLimit('logins-per-account-id', BAD_LOGIN);
  const triesPerAddressAndAccount = new UserRateLimiter(app.pool, {
    name: 'logins-per-address-and-account-id',
    max: perMinute,
    windowMs: 60_000,
    now: app.now,
    message: BAD_LOGIN,
  });
  const resetsPerIdentity = identityLimit(
    'password-resets-per-account',
    'Too many requests for this email. Please wait a minute.',
  );
  const resendsPerUser = new UserRateLimiter(app.pool, {
    name: 'verification-mails',
    max: RESEND_PER_HOUR,
    windowMs: 3_600_000,
    now: app.now,
    message: 'You asked for several verification mails already. Please wait a while and check your inbox.',
  });

  const secure = app.config.publicUrl.startsWith('https:');
  const blockedMessage = accountBlockedMessage(app.config.mail.contact);
  const blockedRefusal = () => new HttpRefusal(403, blockedMessage, null, 'ACCOUNT_BLOCKED');
  /** Whether a refused session token belongs to a blocked account (said only to its holder). */
  const tokenOfBlockedAccount = async (token: string | null | undefined) => {
    const accountId = await app.tokens.accountOf(token);
    return accountId !== null && (await isBlocked(app.pool, accountId));
  };
  /** Answers a new session: the token in the body (API clients) and in the HttpOnly cookie (the web app). */
  const startSession = async (reply: FastifyReply, user: UserRow, options: { body: boolean }) => {
    const token = await app.tokens.sign(sessionClaimsOf(user));
    reply.header('set-cookie', sessionCookies(token, { secure }));
    return options.body ? reply.type('text/plain').send(token) : reply.status(204).send();
  };

  /** The signed-in account of the request's token (checked against revocation), or 401. */
  const signedInAccount = async (request: FastifyRequest) => {
    const token = sessionTokenOf(request);
    const session = await app.tokens.verify(token);
    // The holder of a blocked account's session learns why it ended, with whom to write.
    if (!session && (await tokenOfBlockedAccount(token))) throw blockedRefusal();
    const user = session ? await findUserById(app.pool, session.id) : null;
    if (!user || user.anonymous)
      throw new DomainError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
    return user;
  };

  fastify.post('/api/auth/register', { config: limited(perMinute) }, async (request, reply) => {
    const input = registerSchema.parse(request.body);
    const passwordHash = await hashPassword(input.password);
    const result = await registerUser(app.pool, { ...input, passwordHash }).catch((error: unknown) => {
      if (error instanceof UniqueIntegrityConstraintViolationError) return { taken: 'username' as const };
      throw error;
    });
    if ('taken' in result) {
      const message = { email: EMAIL_TAKEN, username: USERNAME_TAKEN, lookalike: USERNAME_LOOKALIKE }[
        result.taken
      ];
      throw new HttpRefusal(400, message, result.taken === 'email' ? 'email' : 'username');
    }
    request.log.info({ userId: result.user.id }, 'account registered');
    app.mailer.sendInBackground(welcomeMail(result.user.email, result.user.username, app.config.publicUrl));
    await sendVerificationMail(app, result.user);
    return startSession(reply, result.user, { body: true });
  });

  fastify.post(
    '/api/auth/login',
    { config: limited(perMinute, bodyField('username')) },
    async (request, reply) => {
      const parsed = loginSchema.safeParse(request.body);
      if (!parsed.success) throw new HttpRefusal(400, BAD_LOGIN);
      await loginsPerIdentity.hit(canonicalIdentity(parsed.data.username));
      const user = await findUserByLogin(app.pool, parsed.data.username);
      // Past the account's budget the password is not checked (though the time of a check is
      // spent) and the answer is the wrong-password one: a 429 here would tell that the name or
      // email typed belongs to an account, and to which one.
      const withinBudget =
        user !== null &&
        (await triesPerAddressAndAccount.allow(`${request.ip}|${user.id}`)) &&
        (await triesPerAccount.allow(user.id));
      const hash = withinBudget ? (user?.password_hash ?? null) : null;
      if (!(await passwordMatches(hash, parsed.data.password)) || !user || !withinBudget) {
        throw new HttpRefusal(400, BAD_LOGIN);
      }
      // Said only to whoever knows the password: a guess learns nothing about the account.
      if (user.blocked) throw blockedRefusal();
      return startSession(reply, user, { body: true });
    },
  );

  fastify.post('/api/auth/refresh', { config: limited(perMinute * 6) }, async (request, reply) => {
    // A revoked token (new password, other roles, signed out everywhere) is refused here too.
    const user = await signedInAccount(request);
    // A fresh token from the account as it is now: new roles or a new name reach the client. A
    // session kept in the cookie gets its new token only there, out of reach of page scripts.
    return startSession(reply, user, { body: Boolean(request.headers.authorization) });
  });

  fastify.post('/api/auth/logout', async (_request, reply) => {
    reply.header('set-cookie', clearedSessionCookies({ secure }));
    return reply.status(204).send();
  });

  // Each page load sets the claims cookie from the session cookie, or clears both when the session
  // ended (expired, revoked): what the web app shows follows the server's view of the session.
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      return payload;
    }
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const shownClaims = cookieValue(request.headers.cookie, SESSION_CLAIMS_COOKIE);
    if (!token && !shownClaims) return payload;
    const session = await app.tokens.verify(token);
    if (!session) {
      const cleared = clearedSessionCookies({ secure });
      // The web app shows this message instead of a silent sign-out (readable, gone in 10 minutes).
      const blockedNotice =
        token && (await tokenOfBlockedAccount(token))
          ? [
              `${ACCOUNT_BLOCKED_COOKIE}=${encodeURIComponent(blockedMessage)}; Path=/; Max-Age=600; SameSite=Lax${secure ? '; Secure' : ''}`,
            ]
          : [];
      reply.header('set-cookie', [...cleared, ...blockedNotice]);
    } else if (shownClaims !== token!.split('.')[1]) {
      reply.header('set-cookie', sessionCookies(token!, { secure }));
    }
    return payload;
  });

  fastify.post(
    '/api/auth/forgot-password',
    { config: limited(perMinute, bodyField('email')) },
    async (request, reply) => {
      const parsed = forgotPasswordSchema.safeParse(request.body);
      if (parsed.success) await resetsPerIdentity.hit(canonicalIdentity(parsed.data.email));
      const user = parsed.success ? await findUserByEmail(app.pool, parsed.data.email) : null;
      // A blocked account gets no reset mail: a new password would not let it sign in.
      if (user && !user.anonymous && !user.blocked) {
        const code = await createResetCode(app.pool, user.id, app.now());
        const resetUrl = `${app.config.publicUrl}/reset-password?c=${encodeURIComponent(code)}`;
        app.mailer.sendInBackground(passwordResetMail(user.email, user.username, resetUrl));
      }
      // The same answer whether or not the address has an account.
      return reply
        .type('text/plain')
        .send('If there is an account under this email, a message is on its way.');
    },
  );

  fastify.post('/api/auth/reset-password', { config: limited(perMinute) }, async (request, reply) => {
    const input = resetPasswordSchema.parse(request.body);
    const passwordHash = await hashPassword(input.password);
    const outcome = await app.pool.transaction(async (tx) => {
      const check = await consumeResetCode(tx, input.code, app.now());
      // A link mailed before the block: its holder proved the mailbox, so they may learn why.
      if (check.status === 'valid' && (await isBlocked(tx, check.userId))) throw blockedRefusal();
      // The new password raises the session version (migration 015): every earlier session ends.
      if (check.status === 'valid') await setPassword(tx, check.userId, passwordHash);
      return check;
    });
    if (outcome.status === 'used')
      throw new HttpRefusal(410, 'This link was already used to reset your password.');
    if (outcome.status !== 'valid') throw new HttpRefusal(404, 'There was an error changing your password.');
    request.log.info({ userId: outcome.userId }, 'password reset; earlier sessions ended');
    return reply.type('text/plain').send('Password was successfully changed! You can login now.');
  });

  fastify.post('/api/auth/verify-email', { config: limited(perMinute) }, async (request) => {
    const input = verifyEmailSchema.parse(request.body);
    const outcome = await verifyEmail(app, input.token, { correlationId: request.id });
    if (outcome.status === 'verified') {
      request.log.info(
        { userId: outcome.userId, guestOrdersJoined: outcome.guestOrdersJoined },
        'email verified',
      );
      return { message: VERIFY_MESSAGES.verified, guestOrdersJoined: outcome.guestOrdersJoined };
    }
    throw new HttpRefusal(outcome.status === 'invalid' ? 400 : 410, VERIFY_MESSAGES[outcome.status]);
  });

  fastify.post('/api/auth/resend-verification', { config: limited(perMinute) }, async (request, reply) => {
    const user = await signedInAccount(request);
    if (user.email_verified_at !== null) throw new HttpRefusal(409, 'Your email is already verified.');
    await resendsPerUser.hit(user.id);
    await sendVerificationMail(app, user);
    return reply.type('text/plain').send(`A new verification mail is on its way to ${user.email}.`);
  });

  fastify.post('/api/auth/sign-out-everywhere', { config: limited(perMinute) }, async (request, reply) => {
    const user = await signedInAccount(request);
    await endAllSessions(app.pool, user.id);
    request.log.info({ userId: user.id }, 'signed out everywhere');
    reply.header('set-cookie', clearedSessionCookies({ secure }));
    return reply.status(204).send();
  });
}
