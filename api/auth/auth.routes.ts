import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UniqueIntegrityConstraintViolationError } from 'slonik';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../domain/accounts/account.schemas';
import { DomainError } from '../../domain/errors';
import { hashPassword, passwordMatches } from '../../infra/auth/password-hashing';
import { bearerToken } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { HttpRefusal } from '../errors';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  registerUser,
  sessionClaimsOf,
  setPassword,
} from '../accounts/users.repository';
import { passwordResetMail, welcomeMail } from './auth.mails';
import { consumeResetCode, createResetCode } from './password-reset';

const EMAIL_TAKEN =
  'Sorry, but this email is already used by someone. Maybe you already have an account here?';
const USERNAME_TAKEN = 'Sorry, but this username is already taken. Try another one.';
const BAD_LOGIN = "Sorry, that user or password doesn't match anyone we know. You can reset your password.";

/** The REST auth calls of the API contract, each rate-limited per client address. */
export async function authRoutes(fastify: FastifyInstance, app: AppContext) {
  // The body is parsed by then, so login and reset tries can be counted per account as well.
  const limited = (perMinute: number, subject?: (request: FastifyRequest) => string) => ({
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => (subject ? `${request.ip}|${subject(request)}` : request.ip),
    },
  });
  const bodyField = (field: string) => (request: FastifyRequest) =>
    String((request.body as Record<string, unknown> | undefined)?.[field] ?? '').toLowerCase();
  const perMinute = app.config.authRateLimitPerMinute;

  fastify.post('/api/auth/register', { config: limited(perMinute) }, async (request, reply) => {
    const input = registerSchema.parse(request.body);
    const passwordHash = await hashPassword(input.password);
    const result = await registerUser(app.pool, { ...input, passwordHash }).catch((error: unknown) => {
      if (error instanceof UniqueIntegrityConstraintViolationError) return { taken: 'username' as const };
      throw error;
    });
    if ('taken' in result) {
      throw new HttpRefusal(400, result.taken === 'email' ? EMAIL_TAKEN : USERNAME_TAKEN, result.taken);
    }
    request.log.info({ userId: result.user.id, joinedGuest: result.joinedGuest }, 'account registered');
    app.mailer.sendInBackground(
      welcomeMail(result.user.email, result.user.username, app.config.publicUrl, {
        purchasesJoined: result.joinedGuest,
      }),
    );
    return reply.type('text/plain').send(await app.tokens.sign(sessionClaimsOf(result.user)));
  });

  fastify.post(
    '/api/auth/login',
    { config: limited(perMinute, bodyField('username')) },
    async (request, reply) => {
      const parsed = loginSchema.safeParse(request.body);
      if (!parsed.success) throw new HttpRefusal(400, BAD_LOGIN);
      const user = await findUserByLogin(app.pool, parsed.data.username);
      if (!(await passwordMatches(user?.password_hash ?? null, parsed.data.password)) || !user) {
        throw new HttpRefusal(400, BAD_LOGIN);
      }
      return reply.type('text/plain').send(await app.tokens.sign(sessionClaimsOf(user)));
    },
  );

  fastify.post('/api/auth/refresh', { config: limited(perMinute * 6) }, async (request, reply) => {
    const session = await app.tokens.verify(bearerToken(request.headers.authorization));
    const user = session ? await findUserById(app.pool, session.id) : null;
    if (!user || user.anonymous)
      throw new DomainError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
    // A fresh token from the account as it is now: new roles or a new name reach the client.
    return reply.type('text/plain').send(await app.tokens.sign(sessionClaimsOf(user)));
  });

  fastify.post(
    '/api/auth/forgot-password',
    { config: limited(perMinute, bodyField('email')) },
    async (request, reply) => {
      const parsed = forgotPasswordSchema.safeParse(request.body);
      const user = parsed.success ? await findUserByEmail(app.pool, parsed.data.email) : null;
      if (user && !user.anonymous) {
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
      if (check.status === 'valid') await setPassword(tx, check.userId, passwordHash);
      return check;
    });
    if (outcome.status === 'used')
      throw new HttpRefusal(410, 'This link was already used to reset your password.');
    if (outcome.status !== 'valid') throw new HttpRefusal(404, 'There was an error changing your password.');
    return reply.type('text/plain').send('Password was successfully changed! You can login now.');
  });
}
