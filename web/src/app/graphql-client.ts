import { cacheExchange, Client, fetchExchange } from 'urql';
import { getSessionToken } from '../shared/session';

// Every GraphQL call is a POST to /graphql, with the session token as a bearer when there is one.
export function createGraphqlClient(): Client {
  return new Client({
    url: '/graphql',
    exchanges: [cacheExchange, fetchExchange],
    preferGetMethod: false,
    fetchOptions: () => {
      const token = getSessionToken();
      return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
    },
  });
}
