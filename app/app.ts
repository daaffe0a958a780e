import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/app-context';
import { reactors } from '../api/reactors';
import { buildServer } from '../api/server';
import { projections } from '../projections';
import { DownloadGrants } from '../infra/auth/download-grants';
import { AppealLinkTokens } from '../infra/auth/appeal-link-tokens';
import { GiftClaimTokens } from '../infra/auth/gift-claim-tokens';
import { OrderConfirmationKeys } from '../infra/auth/order-confirmation-keys';
import { UnsubscribeTokens } from '../infra/auth/unsubscribe-tokens';
import { loadTokenSecret, SessionTokens } from '../infra/auth/session-tokens';
import type { Config } from '../infra/config';
import { migrate } from '../infra/db/migrate';
import { openDatabaseServer } from '../infra/db/database';
import { createDatabasePool } from '../infra/db/pool';
import { DatabaseMonitor } from '../infra/db/database-monitor';
import { ReadReplica } from '../infra/db/read-replica';
import { assertTransactionIdsSafeAt } from '../infra/db/transaction-id-guard';
import { DownloadRecorder } from '../api/catalogue/download-recorder';
import { ReadModelAnswers } from '../api/statistics/read-model-answers';
import { DownloadableSkinCache } from '../api/catalogue/downloadable-skin-cache';
import { SkinFileCache } from '../api/catalogue/skin-file-cache';
import { SkinArchiveContents } from '../api/catalogue/skin-archive-contents';
import { CatalogueResponseCache } from '../api/graphql/response-cache';
import { authorsOfUnlistedItems } from '../api/catalogue/skins.repository';
import { NotificationListener } from '../infra/db/notification-listener';
import { seedDemoData } from './demo/seed-demo';
import { startSkinOfTheMonthJob } from './jobs/skin-of-the-month.job';
import { startEventPartitionsJob } from './jobs/event-partitions.job';
import { startTemporaryAssetsCleanupJob } from './jobs/temporary-assets-cleanup.job';
import { startUnpaidOrdersJob } from './jobs/unpaid-orders.job';
import { startRateLimitCleanupJob } from './jobs/rate-limit-cleanup.job';
import { startWebhookLogCleanupJob } from './jobs/webhook-log-cleanup.job';
import { startPayoutScheduleJob } from './jobs/payout-schedule.job';
import { startReadModelSnapshotsJob } from './jobs/read-model-snapshots.job';
import { startNotificationDigestsJob } from './jobs/notification-digests.job';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { loadPersonalDataVault } from '../infra/personal-data/key-source';
import { sealStoredEvents } from '../infra/personal-data/seal-stored-events';
import { applyErasureList } from './personal-data-erasures';
import type { Logger } from '../infra/logger';
import { Mailer } from '../infra/mail/mailer';
import { MailSender } from '../api/mail/mail-sender';
import { WebhookSender } from '../api/webhooks/webhook-sender';
import { createPaymentProviders } from '../infra/payments/payment-providers';
import { createSocialPublishers } from '../infra/social/social-publishers';
import { createUserActionLimits } from '../api/auth/user-rate-limiter';
import { backfillUsernameKeys, sessionVersionOf } from '../api/accounts/users.repository';
import { LocalFileStorage, type FileStorage } from '../infra/storage/file-storage';
import { S3FileStorage } from '../infra/storage/s3-file-storage';
import { CatchUpRunner, ensureCheckpoints } from '../infra/projection-engine/catch-up-runner';
import { LeaderLease } from '../infra/cluster/leader-lease';
import type { PeriodicJob } from './jobs/periodic-job';
import { SaleBoundaries } from './sale-boundaries';
import { AppMetrics } from '../infra/metrics/app-metrics';

/** The services the API is built on, around an open pool, event store and projection runner. */
export async function createAppContext(
  base: Pick<AppContext, 'config' | 'log' | 'pool' | 'store' | 'runner'> &
    Partial<Pick<AppContext, 'replica'>>,
  storage: FileStorage = fileStorageFor(base.config, base.log),
): Promise<AppContext> {
  const { config, log } = base;
  const secret = await loadTokenSecret(config.jwtSecret, config.dataDir);
  const responseCache = new CatalogueResponseCache({
    maxBytes: config.graphql.responseCacheMaxBytes,
    viewersSeeingMore: () => authorsOfUnlistedItems(base.pool),
    now: () => context.now(),
  });
  const skinFiles = new SkinFileCache(storage);
  const context: AppContext = {
    replica: null,
    ...base,
    database: new DatabaseMonitor({
      url: base.pool.configuration.connectionUri,
      log: log.child({ component: 'database-monitor' }),
    }),
    // Tokens read the context's clock, so a test that moves `now` moves token expiry too. Each
    // check reads the account's session version, so a revoked session ends at once.
    tokens: new SessionTokens(
      secret,
      () => context.now().getTime(),
      (userId) => sessionVersionOf(base.pool, userId),
    ),
    mailer: new Mailer({ ...config.mail, log: log.child({ component: 'mail' }) }),
    storage,
    skinFiles,
    skinArchives: new SkinArchiveContents(skinFiles),
    responseCache,
    payments: createPaymentProviders(config.payments),
    social: createSocialPublishers(config.social, {
      outboxDir: config.social.outboxDir,
      log: log.child({ component: 'social' }),
    }),
    limits: createUserActionLimits(base.pool, () => context.now()),
    downloadGrants: new DownloadGrants(secret, () => context.now()),
    giftClaimTokens: new GiftClaimTokens(secret, () => context.now()),
    appealLinkTokens: new AppealLinkTokens(secret, () => context.now()),
    orderConfirmationKeys: new OrderConfirmationKeys(secret, () => context.now()),
    unsubscribeTokens: new UnsubscribeTokens(secret, () => context.now()),
    downloads: new DownloadRecorder({ pool: base.pool, store: base.store, log }),
    downloadableSkins: new DownloadableSkinCache(),
    statistics: new ReadModelAnswers(),
    now: () => new Date(),
    startedAt: Date.now(),
    leadership: null,
    metrics: new AppMetrics({ pool: base.pool, runner: base.runner, responseCache, replica: base.replica }),
  };
  return context;
}

/** The bucket when S3_BUCKET is set, else the local disk. */
function fileStorageFor(config: Config, log: Logger): FileStorage {
  return config.s3
    ? new S3FileStorage(config.s3, log.child({ component: 'storage' }))
    : new LocalFileStorage(config.storageDir);
}

/** The file storage, a bucket checked reachable now rather than at the first upload. */
async function openFileStorage(config: Config, log: Logger): Promise<FileStorage> {
  const storage = fileStorageFor(config, log);
  if (config.s3 && storage instanceof S3FileStorage) {
    await storage.checkBucket();
    log.info(
      { bucket: config.s3.bucket, endpoint: config.s3.endpoint ?? 'AWS S3' },
      'stored files in object storage',
    );
  }
  return storage;
}

/** Keeps the response cache and the downloadable-skin cache exact: every catalogue change notice (migration 006) empties them. */
export function listenToCatalogueChanges(
  context: AppContext,
  url: string,
  /** Called after each notice (the sale boundaries look again). */
  onChange: () => void = () => {},
): NotificationListener {
  return new NotificationListener({
    url,
    channel: 'catalogue_changed',
    log: context.log,
    onNotify: (payload) => {
      const change = payload === 'downloads' ? 'downloads' : 'any';
      // Before the caches refill: reads that may be kept wait for the replica to replay this change.
      context.replica?.noteChange(change);
      context.responseCache.invalidate(change);
      context.downloadableSkins.invalidate(change);
      if (change === 'any') onChange();
    },
    onState: (live) => {
      // Changes may have gone unheard: reads go to the primary until the replica is past this moment.
      if (live) context.replica?.noteChange('any');
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
export async function startApp(
  config: Config,
  log: Logger,
  options: {
    /** The embedded PostgreSQL died and could not be restarted (app/main.ts exits with status 1). */
    onDatabaseLost?: () => void;
  } = {},
): Promise<RunningApp> {
  // Before PostgreSQL starts: a bucket that cannot be reached, or no personal-data key in production,
  // ends the start with nothing to stop.
  const storage = await openFileStorage(config, log);
  const vault = await loadPersonalDataVault(config);
  const database = await openDatabaseServer(config, log, {
    supervise: {
      onGiveUp:
        options.onDatabaseLost ??
        (() => log.fatal('the embedded PostgreSQL is gone and could not be restarted')),
    },
  });
  // A logically restored database is refused before anything writes (docs/operations.md).
  await assertTransactionIdsSafeAt(database.url).catch(async (error: unknown) => {
    await database.stop();
    throw error;
  });
  await migrate(database.url, log);
  const pool = await createDatabasePool(database.url, {
    maxPoolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  // Anonymous reads go to a streaming replica when one is configured (api/read-routing.ts).
  const replica = config.databaseReplica
    ? new ReadReplica({
        // Opened by its first measurement: a replica that is away at start delays nothing.
        openPool: () =>
          createDatabasePool(config.databaseReplica!.url, {
            maxPoolSize: config.databasePoolSize,
            timeouts: config.databaseTimeouts,
          }),
        primary: pool,
        maxLagSeconds: config.databaseReplica.maxLagSeconds,
        log: log.child({ component: 'read-replica' }),
      })
    : null;
  const store = createEventStore({
    inlineProjections: projections.filter((projection) => projection.mode === 'inline'),
    vault,
  });
  // Personal data (docs/personal-data.md): events stored before it was encrypted are sealed once,
  // and erasures a restored backup lacks are applied again, before anything reads the events.
  const personalDataLog = log.child({ component: 'personal-data' });
  await sealStoredEvents(pool, vault, personalDataLog);
  await applyErasureList(pool, vault, config.personalData.erasuresFile, personalDataLog);
  const consumers = [
    ...projections,
    ...reactors({
      store,
      log: log.child({ component: 'reactors' }),
      // Late payments are refunded through the configured providers (docs/buying.md).
      payments: createPaymentProviders(config.payments),
      // The seller named on the tax documents (docs/invoices.md).
      vat: config.vat,
      erasuresFile: config.personalData.erasuresFile,
    }),
  ];
  // Every instance makes sure the checkpoints exist: the demo data runs consumers before any leads.
  await ensureCheckpoints(pool, consumers);
  // Accounts from before migration 040 get their look-alike key (none left after the first start).
  const keyed = await backfillUsernameKeys(pool);
  if (keyed > 0) log.info({ accounts: keyed }, 'username look-alike keys filled in');
  const runner = new CatchUpRunner({
    pool,
    store,
    projections: consumers,
    log: log.child({ component: 'projections' }),
    batchSize: config.projections.batchSize,
    pollMs: config.projections.pollMs,
    listenUrl: database.url,
  });
  const context = await createAppContext({ config, log, pool, replica, store, runner }, storage);
  replica?.start();
  // Order mails recorded by the order-mails reactor go out through this sender (docs/buying.md).
  const mailSender = new MailSender(
    { ...context, log: log.child({ component: 'mail-sender' }) },
    { ...config.mail.delivery, listenUrl: database.url },
  );
  await mailSender.start();
  // Webhook deliveries recorded by the webhooks reactor go out through this sender (docs/webhooks.md).
  const webhookSender = new WebhookSender(
    { ...context, log: log.child({ component: 'webhook-sender' }) },
    { ...config.webhooks, listenUrl: database.url },
  );
  await webhookSender.start();
  if (config.seedDemo) await seedDemoData(context);
  // Of all instances on the database, one runs the catch-up projections and the jobs (docs/operations.md, "Several instances").
  let jobs: PeriodicJob[] = [];
  const leadership = new LeaderLease({
    url: database.url,
    log: log.child({ component: 'leader-lease' }),
    onLead: async () => {
      await runner.start();
      jobs = [
        startEventPartitionsJob(context),
        startSkinOfTheMonthJob(context),
        startTemporaryAssetsCleanupJob(context),
        startUnpaidOrdersJob(context),
        startRateLimitCleanupJob(context),
        startWebhookLogCleanupJob(context),
        startNotificationDigestsJob(context),
        startReadModelSnapshotsJob(context),
        ...(config.payouts.schedule ? [startPayoutScheduleJob(context)] : []),
      ];
    },
    onFollow: async () => {
      for (const job of jobs) job.stop();
      jobs = [];
      await runner.stop();
    },
  });
  context.leadership = leadership;
  await leadership.start();
  const saleBoundaries = new SaleBoundaries(context);
  const catalogueChanges = listenToCatalogueChanges(context, database.url, () => void saleBoundaries.rearm());
  await catalogueChanges.start();
  await saleBoundaries.start();
  const server = await buildServer(context);
  const address = await server.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  // From now on a dead or frozen database is seen within a second; requests are refused meanwhile.
  context.database.start();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      database.stopSupervising();
      await context.database.stop();
      await catalogueChanges.stop();
      saleBoundaries.stop();
      await server.close().catch((error) => log.error({ err: error }, 'closing the HTTP server failed'));
      // Stops the jobs and projections, and frees the lock for another instance.
      await leadership.stop().catch((error) => log.error({ err: error }, 'stopping projections failed'));
      await mailSender.stop().catch((error) => log.error({ err: error }, 'stopping the mail sender failed'));
      await webhookSender
        .stop()
        .catch((error) => log.error({ err: error }, 'stopping the webhook sender failed'));
      await replica?.stop().catch((error) => log.error({ err: error }, 'closing the replica pool failed'));
      await pool.end().catch((error) => log.error({ err: error }, 'closing the database pool failed'));

      await database.stop().catch((error) => log.error({ err: error }, 'stopping PostgreSQL failed'));
    })());

  return { context, server, url: `http://localhost:${port}`, close };
}
