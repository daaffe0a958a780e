import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { DomainError } from '../../domain/errors';
import {
  PaymentProviderUnavailable,
  providerUnavailableMessages,
} from '../../infra/payments/payment-provider';
import { HttpRefusal } from '../errors';

/**
 * The checkout calls answer an invalid form or cart with 400 and `{ field, message }`
 * (api-contract.md), where other REST calls use 422: the web app marks the form on any 4xx.
 */
export function asCheckoutRefusal(error: unknown): unknown {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const field = issue?.path[0];
    return new HttpRefusal(
      400,
      issue?.message ?? 'Invalid form.',
      field === undefined ? null : String(field),
    );
  }
  if (error instanceof DomainError && (error.code === 'BAD_USER_INPUT' || error.code === 'FORBIDDEN')) {
    return new HttpRefusal(400, error.message, error.field ?? null);
  }
  return error;
}

export async function checkoutStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asCheckoutRefusal(error);
  }
}

/**
 * Runs a call to a payment provider: when the provider cannot be reached or fails, the cause is
 * logged with the request's context and the buyer gets 502 with the spec's message, never the
 * provider's details.
 */
export async function providerStep<T>(
  request: FastifyRequest,
  context: Record<string, unknown>,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof PaymentProviderUnavailable)) throw error;
    request.log.error(
      { err: error.cause, provider: error.provider, operation: error.operation, ...context },
      'payment provider unreachable or failing',
    );
    throw new HttpRefusal(502, providerUnavailableMessages[error.provider]);
  }
}
