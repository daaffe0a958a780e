import { z } from 'zod';
import { readOutbox } from '../../infra/mail/mailer';
import { requireRoles, type RequestContext } from '../auth/viewer';
import { pageOf, pageRequest } from '../graphql/paging';

/*
 * The admin's view of the local outbox (decisions.md: without SMTP, mails are written to files the
 * running app can show). Every mail the app sends goes through the Mailer, so the outbox holds the
 * order mails and the account mails alike.
 */

export const MAIL_OUTBOX_PAGE_SIZE = 20;

export const mailOutboxResolvers = {
  Query: {
    mailOutbox: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      requireRoles(context.viewer, 'admin');
      const args = z.object({ page: z.unknown().optional() }).parse(rawArgs ?? {});
      const page = pageRequest(args.page, MAIL_OUTBOX_PAGE_SIZE);
      const { mailer } = context.services;
      const { total, messages } = await readOutbox(mailer.outboxDir, {
        offset: page.page * page.size,
        limit: page.size,
      });
      return {
        transport: mailer.sendsBySmtp ? 'SMTP' : 'LOCAL_OUTBOX',
        directory: mailer.outboxDir,
        mails: pageOf(messages, total, page),
      };
    },
  },
};
