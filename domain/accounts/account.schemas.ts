import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { isCountryCode } from './countries';
import { usernameProblemOf, type UsernameProblem } from './username';
import { sepaTextProblems } from '../payouts/payout-destination';
import { hasVisibleText } from '../text/visible-text';
import { installValidationMessages } from '../text/validation-messages';

// Zod's fallback texts are for programmers: people read these schemas' failures (validation-messages.ts).
installValidationMessages();

// Shared by the web forms and the API: one definition of every account rule (spec 5 and 9).
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 40;
export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tire the server. */
export const PASSWORD_MAX = 256;
export const LOGIN_MIN = 4;
export const IBAN_MAX = 34;
export const BIC_MIN = 8;
export const BIC_MAX = 11;
export const BIO_MAX = 500;
export const AVATAR_MAX_BYTES = 500_000;
export const AVATAR_SIZE = 400;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export const accountMessages = {
  usernameLength: `Username must have ${USERNAME_MIN} to ${USERNAME_MAX} characters.`,
  usernameWhitespace: 'Username cannot contain spaces.',
  usernameHiddenCharacters: 'Username cannot contain invisible, control or direction-changing characters.',
  usernameMixedScripts: 'Username cannot mix alphabets, such as Latin and Cyrillic letters.',
  usernameLookalike: 'Username cannot use characters that only imitate plain letters or digits.',
  nameInvisible: 'Enter a name with visible characters.',
  email: 'Enter a valid email address.',
  passwordLength: `Password must have at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password can have at most ${PASSWORD_MAX} characters.`,
  passwordsDiffer: 'Passwords do not match.',
  country: 'Choose your country.',
  loginLength: `Enter at least ${LOGIN_MIN} characters.`,
  terms: 'You must agree to the terms to register.',
  iban: 'Enter a valid IBAN.',
  ibanTooLong: `IBAN can have at most ${IBAN_MAX} characters.`,
  ibanOutsideSepa: 'Bank payouts go to accounts in the SEPA area. For an account elsewhere, choose PayPal.',
  bic: `BIC must have ${BIC_MIN} to ${BIC_MAX} characters.`,
  required: 'This field is required.',
  paypalAccount: 'Enter the email address of your PayPal account.',
  website: 'Enter a full web address starting with https://',
} as const;

const email = z.string().trim().max(254, accountMessages.email).regex(EMAIL_PATTERN, accountMessages.email);
const password = z
  .string()
  .min(PASSWORD_MIN, accountMessages.passwordLength)
  .max(PASSWORD_MAX, accountMessages.passwordTooLong);
// A missing or empty country gets the form's words too, not zod's.
const country = z
  .string({ error: accountMessages.country })
  .trim()
  .toLowerCase()
  .refine(isCountryCode, accountMessages.country);

const usernameProblemMessages: Record<UsernameProblem, string> = {
  'hidden-characters': accountMessages.usernameHiddenCharacters,
  'mixed-scripts': accountMessages.usernameMixedScripts,
  lookalike: accountMessages.usernameLookalike,
};

/** Compared and stored in NFKC form ("ｄｒｉｖｅｒ" is "driver"); see domain/accounts/username.ts. */
export const usernameSchema = z
  .string()
  .transform((value) => value.normalize('NFKC'))
  .pipe(
    z
      .string()
      .min(USERNAME_MIN, accountMessages.usernameLength)
      .max(USERNAME_MAX, accountMessages.usernameLength)
      .regex(/^\S+$/, accountMessages.usernameWhitespace)
      .superRefine((value, context) => {
        const problem = usernameProblemOf(value);
        if (problem) context.addIssue({ code: 'custom', message: usernameProblemMessages[problem] });
      }),
  );

export const registerSchema = z.object({
  username: usernameSchema,
  email,
  password,
  country,
  subscribedToNews: z.boolean().default(false),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  username: z.string().trim().min(LOGIN_MIN, accountMessages.loginLength).max(254),
  password: z.string().min(PASSWORD_MIN, accountMessages.passwordLength).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: z.string().trim().min(1).max(254) });

export const resetPasswordSchema = z.object({ code: z.string().min(1).max(200), password });

/** The reset page: both fields, equal (checked in the browser before anything is sent). */
export const resetPasswordFormSchema = z
  .object({ password, confirmation: z.string().min(PASSWORD_MIN, accountMessages.passwordLength) })
  .refine((form) => form.password === form.confirmation, {
    message: accountMessages.passwordsDiffer,
    path: ['confirmation'],
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    // Only invisible characters (zero-width spaces, direction marks) would show as an empty name.
    .refine((value) => value === '' || hasVisibleText(value), accountMessages.nameInvisible)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const ibanSchema = z
  .string()
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => value.length <= IBAN_MAX, accountMessages.ibanTooLong)
  .refine((value) => isValidIBAN(value), accountMessages.iban)
  // Bank payouts are SEPA credit transfers (docs/payouts.md).
  .refine(
    (value) => !isValidIBAN(value) || isSEPACountry(extractIBAN(value).countryCode ?? ''),
    accountMessages.ibanOutsideSepa,
  );

export const bicSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (value) => value.length >= BIC_MIN && value.length <= BIC_MAX && isValidBIC(value),
    accountMessages.bic,
  );

export const avatarInputSchema = z.object({
  filename: z.string().max(200).optional().nullable(),
  type: z.string().max(100).optional().nullable(),
  /** A data URL (`data:image/jpeg;base64,...`); its bytes are checked by content on the server. */
  content: z.string().max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 100, 'Image is too large.'),
});

/**
 * Profile settings (spec 2.11). Omitted fields stay as they are; empty ones are cleared. Choosing a
 * payout method requires its details, so a payout is never held up by a half-filled form.
 */
export const updateMyUserSchema = z
  .object({
    fullname: optionalText(120),
    country: country.optional(),
    language: z.enum(['en']).optional(),
    subscribedToNews: z.boolean().optional(),
    description: optionalText(BIO_MAX),
    twitter: optionalText(100),
    instagram: optionalText(100),
    twitch: optionalText(100),
    discord: optionalText(100),
    facebook: optionalText(200),
    website: optionalText(200).refine(
      (value) => !value || /^https?:\/\/\S+\.\S+/.test(value),
      accountMessages.website,
    ),
    payoutMethod: z.enum(['PAYPAL', 'BANK_TRANSFER']).nullable().optional(),
    paypalAccount: z
      .string()
      .trim()
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional()
      .refine((value) => value == null || EMAIL_PATTERN.test(value), accountMessages.paypalAccount),
    bankAccountIban: z
      .union([z.literal('').transform(() => null), ibanSchema])
      .nullable()
      .optional(),
    bankAccountBic: z
      .union([z.literal('').transform(() => null), bicSchema])
      .nullable()
      .optional(),
    street: optionalText(200),
    city: optionalText(100),
    avatar: avatarInputSchema.nullable().optional(),
  })
  .superRefine((dto, context) => {
    const requireField = (field: keyof typeof dto, message: string = accountMessages.required) => {
      if (dto[field] == null) context.addIssue({ code: 'custom', path: [field], message });
    };
    if (dto.payoutMethod === 'PAYPAL') {
      requireField('paypalAccount', accountMessages.paypalAccount);
      requireField('fullname');
    }
    if (dto.payoutMethod === 'BANK_TRANSFER') {
      for (const field of ['fullname', 'street', 'city'] as const) requireField(field);
      requireField('country', accountMessages.country);
      requireField('bankAccountIban', accountMessages.iban);
      requireField('bankAccountBic', accountMessages.bic);
      // Refused now rather than at the bank file: what a SEPA transfer cannot carry (docs/payouts.md).
      for (const problem of sepaTextProblems(dto)) {
        context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      }
    }
  });
export type UpdateMyUserInput = z.infer<typeof updateMyUserSchema>;
