import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import type { z } from 'zod';

/** Spec 9: skin titles in the skin pickers are cut at 25 characters. */
export const SKIN_LABEL_MAX = 25;

export function truncateLabel(title: string, max = SKIN_LABEL_MAX): string {
  return title.length > max ? `${title.slice(0, max - 1).trimEnd()}…` : title;
}

/** The first message of each top-level field of a failed parse, as the form's errors. */
export function fieldErrorsOf(error: z.ZodError): Record<string, ReactNode> {
  const errors: Record<string, ReactNode> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A typed price field: empty is free (null); otherwise the number. */
export function priceOf(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const price = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(price) ? price : null;
}

/** The spec's name counter shows from two thirds of the maximum length. */
export function showsCounter(length: number, max: number): boolean {
  return length >= Math.ceil((max * 2) / 3);
}

/** A refused save: the server's message goes under its field, when the form has that field. */
export function markRefusedField(
  error: CombinedError | undefined,
  fields: ReadonlySet<string>,
  setServerError: (field: string, message: ReactNode) => void,
): void {
  if (!error) return;
  const failure = graphqlFailureOf(error);
  if (failure.code === 'BAD_USER_INPUT' && failure.field && fields.has(failure.field))
    setServerError(failure.field, failure.message);
}
