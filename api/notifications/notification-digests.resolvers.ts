import { z } from 'zod';
import { digestFrequencySchema } from '../../domain/community/digest-schedule';
import { DomainError } from '../../domain/errors';
import { privateUserOf } from '../accounts/accounts.resolvers';
import { findUserById } from '../accounts/users.repository';
import { requireViewer, type RequestContext } from '../auth/viewer';
import { digestFrequencyOf, setDigestFrequency } from './notification-digests';

const setDigestFrequencyArgs = z.object({ frequency: digestFrequencySchema });

/** The digest setting on the viewer's own account, and its one mutation (oneself only: it takes no user). */
export const notificationDigestsResolvers = {
  PrivateUser: {
    digestFrequency: (user: { id: number }, _args: unknown, context: RequestContext) =>
      digestFrequencyOf(context.services.pool, user.id),
  },
  Mutation: {
    setDigestFrequency: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const { frequency } = setDigestFrequencyArgs.parse(rawArgs);
      await setDigestFrequency(context.services.pool, viewer.id, frequency);
      const user = await findUserById(context.services.pool, viewer.id);
      if (!user)
        throw new DomainError('UNAUTHENTICATED', 'Your account no longer exists. Please log in again.');
      return privateUserOf(user);
    },
  },
};
