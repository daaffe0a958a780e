import type { AuthModalMode } from '../../../shared/session';

/** Switches the modal to another mode in place; `carry` is what the next form starts with (an email). */
export type AuthModeSwitch = (mode: AuthModalMode, carry?: string) => void;
