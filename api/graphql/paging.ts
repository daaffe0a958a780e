import { z } from 'zod';
import { DomainError } from '../../domain/errors';

/** Largest page the server hands out, whatever a client asks for (api-contract.md). */
export const MAX_PAGE_SIZE = 100;

export const pageInputSchema = z.object({
  page: z.number().int().min(0).max(100_000),
  size: z.number().int().min(1),
  sortBy: z.string().max(50).nullish(),
  sortDirection: z.enum(['ASC', 'DESC']).nullish(),
});

export function pageRequest(
  input: unknown,
  defaultSize: number,
): { page: number; size: number; sortBy: string | null; sortDirection: 'ASC' | 'DESC' | null } {
  const parsed = input == null ? { page: 0, size: defaultSize } : pageInputSchema.parse(input);
  return {
    page: parsed.page,
    size: Math.min(parsed.size, MAX_PAGE_SIZE),
    sortBy: parsed.sortBy ?? null,
    sortDirection: parsed.sortDirection ?? null,
  };
}

export function pageOf<T>(content: T[], total: number, request: { page: number; size: number }) {
  return {
    pageInfo: {
      pageNumber: request.page,
      pageSize: request.size,
      totalPages: Math.ceil(total / request.size),
      totalElements: total,
      numberOfElements: content.length,
    },
    content,
  };
}

/**
 * The sort a `sortBy` names, from the list a query offers; the fallback when none is given. Looked
 * up as an own key only, so `constructor` or `__proto__` are unknown names, not Object's members.
 */
export function sortOf<T extends string>(
  sortBy: string | null,
  sorts: Readonly<Record<string, T>>,
  fallback: T,
): T {
  if (sortBy === null || sortBy === '') return fallback;
  if (!Object.hasOwn(sorts, sortBy)) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `Sort by one of: ${Object.keys(sorts).join(', ')}.`,
      'page.sortBy',
    );
  }
  return sorts[sortBy]!;
}
