import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../domain/errors';
import { ConcurrencyError } from '../infra/event-store/event-store';
import { GENERIC_ERROR_MESSAGE, restErrorHandler } from './errors';

async function answerTo(error: unknown) {
  const fastify = Fastify({ logger: false });
  fastify.setErrorHandler(restErrorHandler);
  fastify.get('/fail', async () => {
    throw error;
  });
  const response = await fastify.inject({ method: 'GET', url: '/fail' });
  return { status: response.statusCode, body: response.json() };
}

describe('REST error answers', () => {
  it.each([
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['BAD_USER_INPUT', 422],
    ['CONFLICT', 409],
    ['TOO_MANY_REQUESTS', 429],
  ] as const)('a %s domain error answers %i with its message', async (code, status) => {
    const answer = await answerTo(
      new DomainError(code, 'Explained.', code === 'BAD_USER_INPUT' ? 'email' : undefined),
    );
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ field: code === 'BAD_USER_INPUT' ? 'email' : null, message: 'Explained.' });
  });

  it('a schema refusal names the field', async () => {
    const parsed = z.object({ password: z.string().min(8, 'Too short.') }).safeParse({ password: 'x' });
    const answer = await answerTo(parsed.error);
    expect(answer).toEqual({ status: 422, body: { field: 'password', message: 'Too short.' } });
  });

  it('a lost race answers 409', async () => {
    expect((await answerTo(new ConcurrencyError('order-1', 3, 4))).status).toBe(409);
  });

  it('anything else answers 500 without its details', async () => {
    const answer = await answerTo(new Error('connection to 10.0.0.5 refused'));
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(JSON.stringify(answer.body)).not.toContain('10.0.0.5');
  });
});
