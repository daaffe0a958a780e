import type { LoginInput, RegisterInput } from '../../../../../domain/accounts/account.schemas';
import { postJson } from '../../../shared/http';
import type { RestAnswer } from '../../../shared/http';

// The REST auth calls of the API contract. Each answers the raw status: the forms decide what the
// user sees (spec 8).

/** 200 text token | 400 { field: 'email' | 'username', message } | 422 { field, message } | 429. */
export function register(input: RegisterInput): Promise<RestAnswer> {
  return postJson('/api/auth/register', input);
}

/** 200 text token | 400 wrong user or password | 403 blocked account (its message) | 429 too many tries. `username` may be the email. */
export function login(input: LoginInput): Promise<RestAnswer> {
  return postJson('/api/auth/login', input);
}

/** 200 whether or not the email has an account | 429. */
export function forgotPassword(email: string): Promise<RestAnswer> {
  return postJson('/api/auth/forgot-password', { email });
}

/** 200 text | 404 unknown or expired code | 410 code already used | 422 short password. */
export function resetPassword(code: string, password: string): Promise<RestAnswer> {
  return postJson('/api/auth/reset-password', { code, password });
}

/** 200 { message, guestOrdersJoined } | 400 invalid link | 410 expired or already used | 429. */
export function verifyEmail(token: string): Promise<RestAnswer> {
  return postJson('/api/auth/verify-email', { token });
}

/** A new token in the session cookie (204), e.g. after the email was verified; 401 when it ended. */
export function refreshSessionCookie(): Promise<RestAnswer> {
  return postJson('/api/auth/refresh', {});
}
