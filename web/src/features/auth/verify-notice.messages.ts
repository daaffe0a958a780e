// Apart from the other auth texts: the notice sits in every page's shell, the forms load on demand.
export const verifyNoticeMessages = {
  message: (email: string) => `Please verify your email: open the link we sent to ${email}.`,
  settings: 'Send a new link',
} as const;
