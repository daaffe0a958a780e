import { siteMessages } from '../../shared/messages/site.messages';

// Texts of sign-in, register, forgot-password and reset-password (spec 2.4, 2.9, 5, 8).
// Field rules and their messages come from domain/accounts/account.schemas.ts (shared with the API).
export const authMessages = {
  modal: {
    titles: { login: 'Sign in', register: 'Create an Account', 'forgot-password': 'Forgot password' },
    descriptions: {
      login: `Welcome back to ${siteMessages.name}. Sign in with your username or email.`,
      register: 'Publish and sell your skins, rate and comment on the work of others.',
      'forgot-password': 'Enter the email of your account and we will send you a link to set a new password.',
    },
    close: 'Close',
  },
  tooManyTries: 'There were too many tries. Wait a minute, then try again.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  opensInNewTab: '(opens in a new tab)',
  login: {
    username: 'Username or email',
    password: 'Password',
    submit: 'Sign in',
    forgot: 'Forgot password?',
    noAccount: 'New here?',
    toRegister: 'Create an account',
    // "Sorry, that user or password doesn't match anyone we know. You can reset your password."
    wrongBefore: "Sorry, that user or password doesn't match anyone we know. You can ",
    wrongLink: 'reset your password',
    wrongAfter: '.',
    // A 403 answer; the server's own message is shown when it sends one (the same words).
    blocked: 'This account is blocked. If you think this is a mistake, write to us from its email address.',
    welcomeBack: (username: string) => `Welcome back, ${username}`,
  },
  register: {
    username: 'Username',
    usernameHint: '4 to 40 characters, no spaces. Others see it on your skins and comments.',
    email: 'Email',
    password: 'Password',
    passwordHint: 'At least 8 characters.',
    country: 'Country',
    countryPlaceholder: 'Search for your country',
    news: 'Send me news about new skins, features and the Skin of the Month',
    termsBefore: 'I agree to the ',
    terms: 'Terms of Service',
    termsBetween: ' and the ',
    privacy: 'Privacy Policy',
    termsAfter: '.',
    termsNeeded: 'Tick the box above to agree to the terms and enable Register.',
    submit: 'Register',
    haveAccount: 'Already have an account?',
    toLogin: 'Sign in',
    emailTaken: 'Sorry, but this email is already used by someone. Maybe you already have an account here?',
    failed: 'There was an error creating your account. Try again or contact us.',
    welcome: (username: string) => `Welcome to ${siteMessages.name}, ${username}!`,
  },
  forgotPassword: {
    email: 'Email',
    submit: 'Send reset link',
    sent: "Sent! If there is an account under the email you've entered, you should receive message...",
    back: 'Back to sign in',
  },
  resetPassword: {
    title: 'Set a new password',
    eyebrow: 'Account',
    description: 'The only requirements are at least 8 characters and not forgetting it.',
    newPassword: 'New password',
    confirmation: 'Confirmation of new password',
    submit: 'Setup new password',
    missingCode: 'This link has no reset code. Open the link from the email again, or ask for a new one.',
    askAgain: 'Ask for a new link',
    notFound: 'There was an error changing your password.',
    alreadyUsed: 'This link was already used to reset your password.',
    failed: (status: number) => `The password could not be changed (error ${status}).`,
    success: 'Password was successfully changed! You can login now.',
  },
  verifyEmail: {
    title: 'Verify your email',
    eyebrow: 'Account',
    description: 'Confirming your address keeps your account and your purchases yours.',
    verifying: 'Checking your link…',
    verified: 'Your email is verified. Thank you!',
    joined: (count: number) =>
      count === 1
        ? 'One purchase made with this address without an account is now in your collection.'
        : `${count} purchases made with this address without an account are now in your collection.`,
    missingToken: 'This link has no verification code. Open the link from the email again.',
    failed: (status: number) => `Your email could not be verified (error ${status}).`,
    toCollection: 'Open my collection',
    toSettings: 'Account settings',
    toSkins: 'Explore skins',
  },
} as const;
