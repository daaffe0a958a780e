import { notifications } from '@mantine/notifications';
import { cacheExchange, Client, fetchExchange, mapExchange, type CombinedError } from 'urql';
import { endSession, getSession, openAuthModal } from '../shared/session';
import { appMessages } from './app.messages';
import { transitionExchange } from './transition-exchange';

const SESSION_ENDED_TOAST = 'session-ended';

/**
 * The server refused the session mid-visit (signed out everywhere, a new password elsewhere, a
 * blocked account): forget it here too, say so once and offer to sign in again.
 */
function endRefusedSession(error: CombinedError): void {
  const refused = error.graphQLErrors.some(
    (graphQLError) => graphQLError.extensions?.code === 'UNAUTHENTICATED',
  );
  if (!refused || getSession() === null) return;
  endSession();
  notifications.show({
    id: SESSION_ENDED_TOAST,
    color: 'yellow',
    title: appMessages.sessionEnded.title,
    message: appMessages.sessionEnded.message,
    autoClose: 10_000,
  });
  openAuthModal('login');
}

/**
 * The GraphQL-over-HTTP media type first: a request the server refuses before running it (a
 * variable it cannot read, a query limit) answers 4xx with the errors in the body, which urql reads
 * as GraphQL errors like any other (graphqlFailureOf), so forms show their messages.
 */
export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json';

// Every GraphQL call is a JSON POST to /graphql; the browser sends the HttpOnly session cookie
// with it (same origin), and the JSON body is what lets the server count the cookie (CSRF).
export function createGraphqlClient(): Client {
  return new Client({
    url: '/graphql',
    exchanges: [
      transitionExchange,
      cacheExchange,
      mapExchange({ onError: endRefusedSession }),
      fetchExchange,
    ],
    preferGetMethod: false,
    fetchOptions: () => ({ credentials: 'same-origin', headers: { accept: GRAPHQL_ACCEPT } }),
  });
}
