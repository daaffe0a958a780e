import type { FastifyInstance } from 'fastify';
import { suggestCountry, type CountrySuggestion } from '../../domain/accounts/country-suggestion';
import { openIpCountryLookup, type IpCountryLookup } from '../../infra/geo/ip-country';
import type { AppContext } from '../app-context';

/** The database is read once per process, however many apps (tests) register the route. */
let lookup: Promise<IpCountryLookup> | null = null;
const ipCountryLookup = () => (lookup ??= openIpCountryLookup());

/**
 * GET /api/country-suggestion: the country checkout and sign-up preselect for this visitor, and
 * whether the IP address, the browser's language or nothing suggested it (the form says which).
 * The client address is the socket's, or with TRUST_PROXY the one the proxy forwarded (Fastify's
 * `request.ip`). The answer differs per visitor: never stored by a cache.
 */
export async function countrySuggestionRoutes(fastify: FastifyInstance, _app: AppContext) {
  const ipCountry = await ipCountryLookup();
  fastify.get('/api/country-suggestion', async (request, reply): Promise<CountrySuggestion> => {
    void reply.header('cache-control', 'private, no-store');
    return suggestCountry({
      ipCountry: ipCountry(request.ip),
      acceptLanguage: request.headers['accept-language'],
    });
  });
}
