/** Why a command or query was refused, in the words the API contract uses. */
export type DomainErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  /** A user repeated a write (comment, vote, upload) faster than its limit allows. */
  | 'TOO_MANY_REQUESTS';

/** A refusal the user can act on; anything else is unexpected and reported generically. */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** The input field at fault, for BAD_USER_INPUT. */
    readonly field?: string,
  ) {
    super(message);
  }
}
