import { z } from 'zod';

/** Largest page the server hands out, whatever a client asks for (api-contract.md). */
export const MAX_PAGE_SIZE = 100;

export const pageInputSchema = z.object({
  page: z.number().int().min(0).max(100_000),
  size: z.number().int().min(1),
  sortBy: z.string().max(50).nullish(),
  sortDirection: z.enum(['ASC', 'DESC']).nullish(),
});
export type PageInput = z.infer<typeof pageInputSchema>;

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
