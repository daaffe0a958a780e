// Texts of sign-in, register, forgot-password and reset-password (spec 2.4, 2.9, 5, 8).
export const authMessages = {
  modal: {
    titles: { login: 'Sign in', register: 'Create an Account', 'forgot-password': 'Forgot password' },
    soon: 'Accounts open soon. Until then you can browse every skin and bundle, download free skins and buy as a guest: no account needed.',
    browse: 'Browse skins',
    close: 'Close',
  },
  resetPassword: {
    title: 'Set a new password',
    eyebrow: 'Account',
    description: 'The only requirements are at least 8 characters and not forgetting it.',
    newPassword: 'New password',
    confirmation: 'Confirmation of new password',
    submit: 'Setup new password',
    tooShort: 'The password must have at least 8 characters.',
    mismatch: 'The passwords do not match.',
    missingCode: 'This link has no reset code. Open the link from the email again, or ask for a new one.',
    notFound: 'There was an error changing your password.',
    alreadyUsed: 'This link was already used to reset your password.',
    failed: (status: number) => `The password could not be changed (error ${status}).`,
    unreachable: 'The server could not be reached. Try again in a moment.',
    success: 'Password was successfully changed! You can login now.',
  },
} as const;
