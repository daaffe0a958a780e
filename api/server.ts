import { coAuthorsLoaders, coAuthorsResolvers } from './co-authors/co-authors.resolvers';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import { accountDataLoaders, accountDataResolvers } from './account-data/account-data.resolvers';
import { dataExportRoutes } from './account-data/data-export.routes';
import { accountsResolvers } from './accounts/accounts.resolvers';
import { apiTokensResolvers } from './api-tokens/api-tokens.resolvers';
import { tokenScopeHook } from './api-tokens/token-scope-check';
import type { AppContext } from './app-context';
import { authoringResolvers } from './authoring/authoring.resolvers';
import { skinVersionsLoaders, skinVersionsResolvers } from './community/skin-versions.resolvers';
import { payWhatYouWantLoaders } from './authoring/pay-what-you-want';
import { mailOutboxResolvers } from './mail/mail-outbox.resolvers';
import { moderationLoaders, moderationResolvers } from './moderation/moderation.resolvers';
import { statementsLoaders, statementsResolvers } from './moderation/statements.resolvers';
import { verifiedReviewsLoaders } from './catalogue/verified-reviews.resolvers';
import { notificationDigestsResolvers } from './notifications/notification-digests.resolvers';
import { webhooksResolvers } from './webhooks/webhooks.resolvers';
import { salesLoaders, salesResolvers } from './sales/sales.resolvers';
import { digestUnsubscribeRoutes } from './notifications/digest-unsubscribe.routes';
import { notificationsResolvers } from './notifications/notifications.resolvers';
import { socialLoaders, socialResolvers } from './social/social.resolvers';
import { temporaryAssetRoutes } from './authoring/temporary-assets.routes';
import { authRoutes } from './auth/auth.routes';
import { bundlesAuthorsLoaders, bundlesAuthorsResolvers } from './catalogue/bundles-authors.resolvers';
import { relatedItemsLoaders } from './catalogue/related-items.resolvers';
import { viewerStatesLoaders, viewerStatesResolvers } from './catalogue/viewer-states.resolvers';
import { catalogueLoaders, catalogueResolvers } from './catalogue/catalogue.resolvers';
import { tagsLoaders, tagsResolvers } from './tags/tags.resolvers';
import { discountCodesResolvers } from './discount-codes/discount-codes.resolvers';
import { followsWishlistsLoaders, followsWishlistsResolvers } from './community/follows-wishlists.resolvers';
import { skinDownloadRoutes } from './catalogue/skin-downloads.routes';
import { viewerOrRefusalOf, type RequestContext } from './auth/viewer';
import { LongScalar } from './graphql/common.schema';
import { answerKindOf, answerWithErrors, registerGraphQLOverHttp } from './graphql/graphql-over-http';
import {
  costLimitHook,
  limitErrorOf,
  QueryLimitError,
  queryShapeRules,
  registerQueryLimits,
} from './graphql/query-limits';
import { typeDefs } from './graphql/schema';
import { HeavyQueryGate, leaveHeavyQueryGate } from './graphql/heavy-query-gate';
import { restErrorHandler, toGraphQLError } from './errors';
import { healthResolvers } from './health/health.resolvers';
import { healthRoutes } from './health/health.routes';
import { publicFilesRoutes } from './media/public-files.routes';
import { registerCompression } from './compression';
import { registerRequestGuards } from './request-guards';
import { registerSecurityHeaders } from './security-headers';
import {
  registerServiceUnavailableGate,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE_CODE,
} from './service-unavailable';
import { checkoutRoutes } from './orders/checkout.routes';
import { countrySuggestionRoutes } from './accounts/country-suggestion.routes';
import { localCheckoutRoutes } from './orders/local-checkout.routes';
import { orderConfirmationLoaders, orderConfirmationResolvers } from './orders/order-confirmation.query';
import { withdrawalResolvers } from './orders/withdrawal.resolvers';
import { giftsLoaders, giftsResolvers } from './gifts/gifts.resolvers';
import { ordersLoaders, ordersResolvers } from './orders/orders.resolvers';
import { vatResolvers } from './orders/vat.resolvers';
import { stripeWebhookRoutes } from './orders/stripe-webhook.routes';
import { itemPerformanceResolvers } from './statistics/item-performance.resolvers';
import { itemViewsRoutes } from './statistics/item-views.routes';
import { payoutPreferencesResolvers } from './payouts/payout-preferences.resolvers';
import { payoutsLoaders, payoutsResolvers } from './payouts/payouts.resolvers';
import { payoutsRoutes } from './payouts/payouts.routes';
import { financeRoutes } from './finance/finance.routes';
import { taxDocumentsRoutes } from './invoices/tax-documents.routes';
import { statisticsResolvers } from './statistics/statistics.resolvers';
import { metricsRoutes } from './metrics/metrics.routes';
import { postgresRateLimitStore } from './rate-limit-store';
import { registerReadRouting } from './read-routing';
import { webAppRoutes } from './web-app/web-app.routes';

type ResolverMap = Record<string, Record<string, unknown>>;

/** GraphQL error codes answered with HTTP 503 and Retry-After. */
const UNAVAILABLE_CODES = new Set([SERVICE_UNAVAILABLE_CODE, 'SERVER_BUSY']);

/**
 * Documents in each of Mercurius' two caches (accepted, refused); the web app sends 94 distinct
 * ones. A parsed document takes about 350 bytes per token (measured), so the caches hold at most
 * 2 × 2 × 128 × GRAPHQL_MAX_TOKENS × 350 bytes: 180 MB at the default 1,000 tokens, a few MB in use.
 */
export const GRAPHQL_DOCUMENT_CACHE_ENTRIES = 128;

/**
 * A variable refused by a scalar (Long) while the compiled query coerces it: the scalar's own
 * GraphQLError with its code is wrapped in another one, which would otherwise read as unexpected.
 */
function inputErrorOf(error: GraphQLError): GraphQLError | null {
  const code = (error.originalError as { extensions?: { code?: unknown } } | undefined)?.extensions?.code;
  if (code !== 'BAD_USER_INPUT') return null;
  return new GraphQLError(error.message, { path: error.path, extensions: { code } });
}

function mergeTypeMaps(...maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
}

/** Builds the HTTP application: REST under /api, GraphQL at /graphql, the web app for every other page. */
export async function buildServer(app: AppContext): Promise<FastifyInstance> {
  // With certificate files, HTTPS over HTTP/2: a page's scripts, styles and pictures share one
  // connection instead of queueing on six. HTTP/1.1 clients are still answered.
  const tls = app.config.tls && {
    http2: true as const,
    https: {
      allowHTTP1: true,
      cert: await fs.readFile(app.config.tls.certFile),
      key: await fs.readFile(app.config.tls.keyFile),
    },
  };
  // Fastify types an HTTP/2 server apart; its request and response objects keep the HTTP/1 API the
  // routes use, so both are built as the one instance type.
  const fastify = (Fastify as (options: object) => FastifyInstance)({
    ...tls,
    loggerInstance: app.log as FastifyBaseLogger,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Profile updates carry an avatar of up to 500000 bytes as a data URL.
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: app.config.trustProxy,
    // An answer not ready in time becomes a 503 (restErrorHandler); uploads get the request's own limit.
    handlerTimeout: app.config.http.handlerTimeoutMs,
    requestTimeout: app.config.http.requestTimeoutMs,
  });
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  fastify.setErrorHandler(restErrorHandler);
  await registerSecurityHeaders(fastify, app.config);
  // First of the GraphQL endpoint's hooks: the guards, limits and cache below see only requests it
  // let through, as the media type it negotiated.
  registerGraphQLOverHttp(fastify);
  registerRequestGuards(fastify);
  registerServiceUnavailableGate(fastify, app);
  // Before any route: it hooks each route as it is added (the response cache's hook still sees plain text).
  await registerCompression(fastify);
  // Limits are set per route (auth calls, checkout, uploads): nothing is limited unless it says so.
  // Counted in PostgreSQL, so that every instance on the database shares each budget.
  await fastify.register(rateLimit, { global: false, store: postgresRateLimitStore(app.pool) });
  // Before the GraphQL route, so their hooks apply to it; the size limit first, so the cache never keeps an oversized answer.
  registerQueryLimits(fastify, app.config.graphql);
  app.responseCache.register(fastify);

  await fastify.register(mercurius, {
    schema: typeDefs,
    resolvers: {
      Long: LongScalar,
      ...mergeTypeMaps(
        healthResolvers(app),
        accountsResolvers as ResolverMap,
        catalogueResolvers as ResolverMap,
        bundlesAuthorsResolvers as ResolverMap,
        viewerStatesResolvers as ResolverMap,
        statisticsResolvers as ResolverMap,
        itemPerformanceResolvers as ResolverMap,
        ordersResolvers(app) as ResolverMap,
        orderConfirmationResolvers as ResolverMap,
        withdrawalResolvers(app) as ResolverMap,
        giftsResolvers(app) as ResolverMap,
        vatResolvers(app) as ResolverMap,
        mailOutboxResolvers as ResolverMap,
        authoringResolvers(app) as ResolverMap,
        payoutsResolvers(app) as ResolverMap,
        payoutPreferencesResolvers(app) as ResolverMap,
        moderationResolvers(app) as ResolverMap,
        statementsResolvers(app) as ResolverMap,
        socialResolvers(app) as ResolverMap,
        tagsResolvers(app) as ResolverMap,
        notificationDigestsResolvers as ResolverMap,
        skinVersionsResolvers(app) as ResolverMap,
        followsWishlistsResolvers as ResolverMap,
        notificationsResolvers(app) as ResolverMap,
        webhooksResolvers(app) as ResolverMap,
        apiTokensResolvers(app) as ResolverMap,
        discountCodesResolvers(app) as ResolverMap,
        accountDataResolvers(app) as ResolverMap,
        salesResolvers(app) as ResolverMap,
        coAuthorsResolvers as ResolverMap,
      ),
    } as never,
    loaders: mergeTypeMaps(
      catalogueLoaders as ResolverMap,
      bundlesAuthorsLoaders as ResolverMap,
      relatedItemsLoaders as ResolverMap,
      viewerStatesLoaders as ResolverMap,
      ordersLoaders as ResolverMap,
      giftsLoaders as ResolverMap,
      orderConfirmationLoaders as ResolverMap,
      payoutsLoaders as ResolverMap,
      payWhatYouWantLoaders as ResolverMap,
      moderationLoaders as ResolverMap,
      statementsLoaders as ResolverMap,
      verifiedReviewsLoaders as ResolverMap,
      socialLoaders as ResolverMap,
      tagsLoaders as ResolverMap,
      skinVersionsLoaders as ResolverMap,
      followsWishlistsLoaders as ResolverMap,
      accountDataLoaders as ResolverMap,
      salesLoaders as ResolverMap,
      coAuthorsLoaders as ResolverMap,
    ) as never,
    context: async (request): Promise<RequestContext> => ({
      services: app,
      // A request the response cache shares with anonymous visitors is answered as theirs.
      ...(app.responseCache.answersAsAnonymous(request)
        ? { viewer: null }
        : await viewerOrRefusalOf(app, request)),
      request,
    }),
    graphiql: app.config.env === 'development',
    // Aliases and depth (docs/security.md); the cost, which needs the variables, in preExecution below.
    validationRules: queryShapeRules(app.config.graphql),
    // Compile each query after its first run (graphql-jit): the skins list answers about twice as fast.
    jit: 1,
    // The parsed, validated (and compiled) documents, and those refused, are remembered per text in
    // two LRU caches, each keeping up to twice its size: bounded in entries here and in each entry's
    // size by the token limit, so that distinct documents cannot grow memory (docs/security.md).
    cache: GRAPHQL_DOCUMENT_CACHE_ENTRIES,
    graphql: { parseOptions: { maxTokens: app.config.graphql.maxTokens } },
    errorFormatter: (execution, context) => {
      const request = context.reply?.request;
      const errors = (execution.errors ?? []).map(
        (error) => limitErrorOf(error) ?? inputErrorOf(error) ?? toGraphQLError(error, request),
      );
      const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, context);
      const codes = (formatted.response.errors ?? []).map((error) =>
        String(error.extensions?.code ?? 'NONE'),
      );
      // Counted as the client reads them: a query that does not validate arrives as one wrapped error
      // without a code (graphql-js raises it).
      app.metrics.countErrors(request, codes);
      // The status and `data` entry by the negotiated media type (graphql/graphql-over-http.ts).
      const kind = answerKindOf(
        execution,
        (error) => error instanceof QueryLimitError,
        codes.includes('INTERNAL_SERVER_ERROR'),
      );
      const answer = answerWithErrors(request, kind, formatted.response);
      // An API token past its own rate limit (api/api-tokens): nothing ran, and a script is told to wait.
      if ((context as Partial<RequestContext>).refusal?.code === 'TOO_MANY_REQUESTS') {
        return { ...answer, statusCode: 429 };
      }
      if (codes.some((code) => UNAVAILABLE_CODES.has(code))) {
        // The database is unavailable, or the server busy: a client (or a proxy) retries a 503 with Retry-After.
        context.reply?.header('retry-after', String(RETRY_AFTER_SECONDS));
        return { ...answer, statusCode: 503 };
      }
      return answer;
    },
  });

  // At most two heavy operations at once (GRAPHQL_HEAVY_RUNNING); 32 more wait up to 10 s, others
  // are answered 503 (SERVER_BUSY).
  const heavyQueries = new HeavyQueryGate(app.config.graphql.heavy);
  // A personal API token's scopes, before the cost is counted: a refused operation waits for nothing.
  fastify.graphql.addHook('preExecution', tokenScopeHook());
  fastify.graphql.addHook('preExecution', costLimitHook(app.config.graphql, heavyQueries));
  // Anonymous queries read from the replica when one is configured.
  registerReadRouting(fastify, app);
  fastify.addHook('onResponse', async (request) => leaveHeavyQueryGate(request));
  fastify.addHook('onRequestAbort', async (request) => leaveHeavyQueryGate(request));
  await metricsRoutes(fastify, app);

  await healthRoutes(fastify, app);
  await authRoutes(fastify, app);
  await publicFilesRoutes(fastify, app);
  await skinDownloadRoutes(fastify, app);
  await temporaryAssetRoutes(fastify, app);
  await checkoutRoutes(fastify, app);
  await countrySuggestionRoutes(fastify, app);
  await stripeWebhookRoutes(fastify, app);
  await localCheckoutRoutes(fastify, app);
  await payoutsRoutes(fastify, app);
  await itemViewsRoutes(fastify, app);
  await financeRoutes(fastify, app);
  await taxDocumentsRoutes(fastify, app);
  await dataExportRoutes(fastify, app);
  await digestUnsubscribeRoutes(fastify, app);
  await webAppRoutes(fastify, app);
  return fastify;
}
