// The texts of Settings → Your data and of the account deletion page (docs/account-deletion.md).
export const yourDataMessages = {
  page: {
    title: 'Delete your account',
    description: 'Read what happens before you confirm: a deleted account cannot be brought back.',
    back: 'Back to settings',
    loadFailed: 'What a deletion would do could not be loaded. Reload the page to try again.',
    exportFirst: 'You may want to download your data first: after the deletion it is gone.',
    exportLink: 'Download your data',
    goesTitle: 'What is deleted',
    goes: [
      'Your profile: username, email address, name, country, avatar, bio and social links.',
      'Your postal address and payout details: bank account (IBAN, BIC) and PayPal address.',
      'Your password: nobody can sign in to the account again, and your username is never given to anyone else.',
      'Every session on every device, your API tokens and your webhooks: you are signed out at once.',
      'Mails to you: none is sent any more, not even one already waiting; news and notification mails are turned off.',
    ],
    hidden:
      'Your follows, wishlist and notifications can no longer be seen by anyone, since nobody can sign in to the account.',
    keptTitle: 'What the law makes us keep, apart',
    kept: (invoices: number, creditNotes: number, payouts: number) =>
      `Czech accounting and VAT law requires us to keep tax documents and payment records for 10 years: your ${invoices} invoice(s) and ${creditNotes} credit note(s), with the orders they belong to, and the records of your ${payouts} payout(s) (amounts and where they were sent). They are kept apart from the site, read only for accounting, tax audits and disputes, and deleted when the 10 years are over.`,
    becomesTitle: 'What stays without your name',
    becomes: (comments: number, ratings: number) =>
      `Your ${comments} comment(s) stay under their skins and bundles, shown as written by “deleted user”, with no avatar, flag or link to you. Your ${ratings} vote(s) stay in the skins’ averages; nobody ever saw who voted. If you want a comment gone, report it or write to us before you delete your account.`,
    skins: (skins: number, bundles: number) =>
      `Your ${skins} published skin(s) and ${bundles} bundle(s) are unpublished: nobody can find or buy them any more. As the terms say, players who bought them keep their licence and can still download them from their collection.`,
    payoutsTitle: 'Your earnings',
    earningsGivenUp: (amount: string) =>
      `Your pending payout holds ${amount}, under the minimum payout of 50 €: it cannot be paid once your account and payout details are gone. By deleting now you give it up.`,
    noEarnings:
      'Money owed to you is paid first: the deletion waits while a payout is on its way, failed, or holds at least the minimum of 50 €.',
    mustFinishTitle: 'Your account cannot be deleted yet',
    confirmTitle: 'Confirm',
    confirmHelp: 'Type your username and your password to confirm that it is you and that you mean it.',
    username: 'Username',
    password: 'Password',
    giveUp: (amount: string) => `I give up my pending earnings of ${amount}.`,
    submit: 'Delete my account',
    deleted: 'Your account is deleted. Thank you for the laps you drove with us.',
    failed: 'Your account could not be deleted. Try again in a moment.',
  },
} as const;
