import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/app-context';
import { reactors } from '../api/reactors';
import { buildServer } from '../api/server';
import { projections } from '../projections';
import { DownloadGrants } from './auth/download-grants';
import { OrderConfirmationKeys } from './auth/order-confirmation-keys';
import { loadTokenSecret, SessionTokens } from './auth/session-tokens';
import type { Config } from './config';
import { migrate } from './db/migrate';
import { openDatabaseServer } from './db/database';
import { createDatabasePool } from './db/pool';
import { assertTransactionIdsSafeAt } from './db/transaction-id-guard';
import { DownloadRecorder } from '../api/catalogue/download-recorder';
import { ReadModelAnswers } from '../api/statistics/read-model-answers';
import { DownloadableSkinCache } from '../api/catalogue/downloadable-skin-cache';
import { SkinFileCache } from '../api/catalogue/skin-file-cache';
import { CatalogueResponseCache } from '../api/graphql/response-cache';
import { authorsOfUnlistedItems } from '../api/catalogue/skins.repository';
import { NotificationListener } from './db/notification-listener';
import { seedDemoData } from './demo/seed-demo';
import { startSkinOfTheMonthJob } from './jobs/skin-of-the-month.job';
import { startTemporaryAssetsCleanupJob } from './jobs/temporary-assets-cleanup.job';
import { startUnpaidOrdersJob } from './jobs/unpaid-orders.job';
import { startPayoutScheduleJob } from './jobs/payout-schedule.job';
import { createEventStore } from './event-store/event-store-factory';
import type { Logger } from './logger';
import { Mailer } from './mail/mailer';
import { MailSender } from '../api/mail/mail-sender';
import { createPaymentProviders } from './payments/payment-providers';
import { createSocialPublishers } from './social/social-publisher';
import { createUserActionLimits } from '../api/auth/user-rate-limiter';
import { sessionVersionOf } from '../api/accounts/users.repository';
import { LocalFileStorage } from './storage/file-storage';
import { CatchUpRunner } from './projection-engine/catch-up-runner';

/** The services the API is built on, around an open pool, event store and projection runner. */
export async function createAppContext(
  base: Pick<AppContext, 'config' | 'log' | 'pool' | 'store' | 'runner'>,
): Promise<AppContext> {
  const { config, log } = base;
  const secret = await loadTokenSecret(config.jwtSecret, config.dataDir);
  const storage = new LocalFileStorage(config.storageDir);
  const context: AppContext = {
    ...base,
    // Tokens read the context's clock, so a test that moves `now` moves token expiry too. Each
    // check reads the account's session version, so a revoked session ends at once.
    tokens: new SessionTokens(
      secret,
      () => context.now().getTime(),
      (userId) => sessionVersionOf(base.pool, userId),
    ),
    mailer: new Mailer({ ...config.mail, log: log.child({ component: 'mail' }) }),
    storage,
    skinFiles: new SkinFileCache(storage),
    responseCache: new CatalogueResponseCache({
      maxBytes: config.graphql.responseCacheMaxBytes,
      viewersSeeingMore: () => authorsOfUnlistedItems(base.pool),
    }),
    payments: createPaymentProviders(config.payments),
    social: createSocialPublishers(config.social, {
      outboxDir: config.social.outboxDir,
      log: log.child({ component: 'social' }),
    }),
    limits: createUserActionLimits(() => context.now()),
    downloadGrants: new DownloadGrants(secret, () => context.now()),
    orderConfirmationKeys: new OrderConfirmationKeys(secret, () => context.now()),
    downloads: new DownloadRecorder({ pool: base.pool, store: base.store, log }),
    downloadableSkins: new DownloadableSkinCache(),
    statistics: new ReadModelAnswers(),
    now: () => new Date(),
    startedAt: Date.now(),
  };
  return context;
}

/** Keeps the response cache and the downloadable-skin cache exact: every catalogue change notice (migration 006) empties them. */
export function listenToCatalogueChanges(context: AppContext, url: string): NotificationListener {
  return new NotificationListener({
    url,
    channel: 'catalogue_changed',
    log: context.log,
    onNotify: (payload) => {
      const change = payload === 'downloads' ? 'downloads' : 'any';
      context.responseCache.invalidate(change);
      context.downloadableSkins.invalidate(change);
    },
    onState: (live) => {
      context.responseCache.setLive(live);
      context.downloadableSkins.setLive(live);
    },
  });
}

export type RunningApp = {
  context: AppContext;
  server: FastifyInstance;
  url: string;
  close(): Promise<void>;
};

/** Everything behind the marketplace's URL: database, migrations, event store, projections and HTTP. */
export async function startApp(config: Config, log: Logger): Promise<RunningApp> {
  const database = await openDatabaseServer(config, log);
  // A logically restored database is refused before anything writes (docs/operations.md).
  await assertTransactionIdsSafeAt(database.url).catch(async (error: unknown) => {
    await database.stop();
    throw error;
  });
  await migrate(database.url, log);
  const pool = await createDatabasePool(database.url, { maxPoolSize: config.databasePoolSize });
  const store = createEventStore({
    inlineProjections: projections.filter((projection) => projection.mode === 'inline'),
  });
  const runner = new CatchUpRunner({
    pool,
    store,
    projections: [
      ...projections,
      ...reactors({
        store,
        log: log.child({ component: 'reactors' }),
        // Late payments are refunded through the configured providers (docs/buying.md).
        payments: createPaymentProviders(config.payments),
      }),
    ],
    log: log.child({ component: 'projections' }),
    batchSize: config.projections.batchSize,
    pollMs: config.projections.pollMs,
    listenUrl: database.url,
  });
  await runner.start();
  const context = await createAppContext({ config, log, pool, store, runner });
  // Order mails recorded by the order-mails reactor go out through this sender (docs/buying.md).
  const mailSender = new MailSender(
    { ...context, log: log.child({ component: 'mail-sender' }) },
    { ...config.mail.delivery, listenUrl: database.url },
  );
  await mailSender.start();
  if (config.seedDemo) await seedDemoData(context);
  const skinOfTheMonthJob = startSkinOfTheMonthJob(context);
  const uploadsCleanupJob = startTemporaryAssetsCleanupJob(context);
  const unpaidOrdersJob = startUnpaidOrdersJob(context);
  const payoutScheduleJob = config.payouts.schedule ? startPayoutScheduleJob(context) : null;
  const catalogueChanges = listenToCatalogueChanges(context, database.url);
  await catalogueChanges.start();
  const server = await buildServer(context);
  const address = await server.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      skinOfTheMonthJob.stop();
      uploadsCleanupJob.stop();
      unpaidOrdersJob.stop();
      payoutScheduleJob?.stop();
      await catalogueChanges.stop();
      await server.close().catch((error) => log.error({ err: error }, 'closing the HTTP server failed'));
      await runner.stop().catch((error) => log.error({ err: error }, 'stopping projections failed'));
      await mailSender.stop().catch((error) => log.error({ err: error }, 'stopping the mail sender failed'));
      await pool.end().catch((error) => log.error({ err: error }, 'closing the database pool failed'));
      await database.stop().catch((error) => log.error({ err: error }, 'stopping PostgreSQL failed'));
    })());

  return { context, server, url: `http://localhost:${port}`, close };
}
