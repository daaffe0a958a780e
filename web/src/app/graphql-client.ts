import { cacheExchange, Client, fetchExchange } from 'urql';

// Every GraphQL call is a JSON POST to /graphql; the browser sends the HttpOnly session cookie
// with it (same origin), and the JSON body is what lets the server count the cookie (CSRF).
export function createGraphqlClient(): Client {
  return new Client({
    url: '/graphql',
    exchanges: [cacheExchange, fetchExchange],
    preferGetMethod: false,
    fetchOptions: () => ({ credentials: 'same-origin' }),
  });
}
