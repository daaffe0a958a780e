import type { Config } from '../infra/config';
import type { DatabasePool } from '../infra/db/pool';
import type { DatabaseMonitor } from '../infra/db/database-monitor';
import type { ReadReplica } from '../infra/db/read-replica';
import type { EventStore } from '../infra/event-store/event-store';
import type { SessionTokens } from '../infra/auth/session-tokens';
import type { Logger } from '../infra/logger';
import type { AppMetrics } from '../infra/metrics/app-metrics';
import type { Mailer } from '../infra/mail/mailer';
import type { FileStorage } from '../infra/storage/file-storage';
import type { CatchUpRunner } from '../infra/projection-engine/catch-up-runner';
import type { DownloadGrants } from '../infra/auth/download-grants';
import type { AppealLinkTokens } from '../infra/auth/appeal-link-tokens';
import type { GiftClaimTokens } from '../infra/auth/gift-claim-tokens';
import type { OrderConfirmationKeys } from '../infra/auth/order-confirmation-keys';
import type { UnsubscribeTokens } from '../infra/auth/unsubscribe-tokens';
import type { PaymentProviders } from '../infra/payments/payment-providers';
import type { SocialNetwork } from '../domain/social/social-post';
import type { SocialPublisher } from '../infra/social/social-publisher';
import type { UserActionLimits } from './auth/user-rate-limiter';
import type { DownloadRecorder } from './catalogue/download-recorder';
import type { DownloadableSkinCache } from './catalogue/downloadable-skin-cache';
import type { SkinFileCache } from './catalogue/skin-file-cache';
import type { SkinArchiveContents } from './catalogue/skin-archive-contents';
import type { CatalogueResponseCache } from './graphql/response-cache';
import type { ReadModelAnswers } from './statistics/read-model-answers';

/** What the API's features are given: built once at start (app/main.ts) or per test. */
export type AppContext = {
  config: Config;
  log: Logger;
  /** The primary: every write, and every read that does not go to the replica (api/read-routing.ts). */
  pool: DatabasePool;
  /** The streaming replica anonymous reads go to while it serves (DATABASE_REPLICA_URL); null without one. */
  replica: ReadReplica | null;
  /** Probes the database on a connection of its own: health reads it, and requests are refused with 503 while it is down. */
  database: DatabaseMonitor;
  store: EventStore;
  runner: CatchUpRunner;
  tokens: SessionTokens;
  mailer: Mailer;
  storage: FileStorage;
  /** Answers of anonymous catalogue queries, dropped on every committed catalogue change. */
  responseCache: CatalogueResponseCache;
  /** Card and PayPal payments: the providers' SDKs when configured, else the local stand-ins. */
  payments: PaymentProviders;
  /** Posts to X and Instagram: their APIs when configured, else the local outbox. */
  social: Record<SocialNetwork, SocialPublisher>;
  /** Per-user limits of comments, votes and reports. */
  limits: UserActionLimits;
  /** Signs and checks the expiring download links mailed to guests who bought. */
  downloadGrants: DownloadGrants;
  /** Signs and checks the claim links mailed to a gift's recipient (docs/gifts.md). */
  giftClaimTokens: GiftClaimTokens;
  /** Signs and checks the appeal links mailed with a statement to a person who cannot sign in. */
  appealLinkTokens: AppealLinkTokens;
  /** Signs and checks the key in a confirmation page's address (what lets a guest read it). */
  orderConfirmationKeys: OrderConfirmationKeys;
  /** Signs and checks the one-click unsubscribe links of notification digests. */
  unsubscribeTokens: UnsubscribeTokens;
  /** Records skin downloads, several concurrent ones per transaction. */
  downloads: DownloadRecorder;
  /** Skin zips in memory for downloads (stored files never change). */
  skinFiles: SkinFileCache;
  /** What is inside each stored skin zip (file names and sizes), read once per file. */
  skinArchives: SkinArchiveContents;
  /** The skins anonymous visitors download, kept exact like the response cache. */
  downloadableSkins: DownloadableSkinCache;
  /** Statistics that read many rows, kept until their projection applies another event. */
  statistics: ReadModelAnswers;
  /** The current time; tests move it to check expiry. */
  now: () => Date;
  startedAt: number;
  /** Whether this instance runs the catch-up projections and jobs; null where no lease is held (tests, CLIs). */
  leadership: { readonly isLeader: boolean } | null;
  /** Prometheus metrics, served at /metrics. */
  metrics: AppMetrics;
};
