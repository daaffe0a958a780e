// Texts of the admin screens of the mail outbox (spec 2.13).
import { adminAreaMessages } from '../../shared/messages/admin-area.messages';

export const adminMessages = {
  ...adminAreaMessages,
  mails: {
    title: 'Mails',
    description: 'How the site sends mail, and every mail it wrote to the local outbox.',
    smtpTitle: 'Mail goes out by SMTP',
    smtpText:
      'SMTP_URL is set, so mails go to the SMTP server. The local outbox below only holds mails written before that.',
    localTitle: 'No SMTP server is configured',
    localText:
      'Mails are not sent: each one is written to the local outbox instead, and listed here. Set SMTP_URL to send them.',
    folder: 'Folder',
    outbox: 'Local outbox',
    count: (count: number) => `${count} ${count === 1 ? 'mail' : 'mails'}`,
    empty: 'The local outbox is empty.',
    loading: 'Loading the outbox...',
    loadFailed: 'The outbox could not be loaded.',
    sentAt: 'Written',
    to: 'To',
    from: 'From',
    subject: 'Subject',
    open: 'Read',
    openLabel: (subject: string, to: string) => `Read “${subject}” to ${to}`,
    html: 'HTML',
    text: 'Plain text',
    htmlFrame: (subject: string) => `The HTML part of “${subject}”`,
    pagination: 'Pages of the outbox',
  },
} as const;
