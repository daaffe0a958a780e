import { buildSchema, printSchema } from 'graphql';
import { accountDataSchema } from '../account-data/account-data.schema';
import { accountsSchema } from '../accounts/accounts.schema';
import { apiTokensSchema } from '../api-tokens/api-tokens.schema';
import { authoringSchema } from '../authoring/authoring.schema';
import { payWhatYouWantSchema } from '../authoring/pay-what-you-want.schema';
import { mailOutboxSchema } from '../mail/mail-outbox.schema';
import { moderationSchema } from '../moderation/moderation.schema';
import { statementsSchema } from '../moderation/statements.schema';
import { verifiedReviewsSchema } from '../catalogue/verified-reviews.schema';
import { notificationDigestsSchema } from '../notifications/notification-digests.schema';
import { notificationsSchema } from '../notifications/notifications.schema';
import { socialSchema } from '../social/social.schema';
import { bundlesAuthorsCommentsSchema, catalogueSchema } from '../catalogue/catalogue.schema';
import { relatedItemsSchema } from '../catalogue/related-items.schema';
import { viewerStatesSchema } from '../catalogue/viewer-states.schema';
import { healthSchema } from '../health/health.schema';
import { ordersSchema } from '../orders/orders.schema';
import { withdrawalSchema } from '../orders/withdrawal.schema';
import { vatSchema } from '../orders/vat.schema';
import { payoutPreferencesSchema } from '../payouts/payout-preferences.schema';
import { payoutsSchema } from '../payouts/payouts.schema';
import { itemPerformanceSchema } from '../statistics/item-performance.schema';
import { statisticsSchema } from '../statistics/statistics.schema';
import { tagsSchema } from '../tags/tags.schema';
import { skinVersionsSchema } from '../community/skin-versions.schema';
import { followsWishlistsSchema } from '../community/follows-wishlists.schema';
import { webhooksSchema } from '../webhooks/webhooks.schema';
import { discountCodesSchema } from '../discount-codes/discount-codes.schema';
import { salesSchema } from '../sales/sales.schema';
import { coAuthorsSchema } from '../co-authors/co-authors.schema';
import { giftsSchema } from '../gifts/gifts.schema';
import { commonSchema } from './common.schema';

/** The whole GraphQL schema: the common types, then each feature's part. */
export const typeDefs = [
  commonSchema,
  healthSchema,
  accountsSchema,
  catalogueSchema,
  bundlesAuthorsCommentsSchema,
  relatedItemsSchema,
  viewerStatesSchema,
  authoringSchema,
  payWhatYouWantSchema,
  ordersSchema,
  withdrawalSchema,
  vatSchema,
  mailOutboxSchema,
  payoutsSchema,
  payoutPreferencesSchema,
  statisticsSchema,
  itemPerformanceSchema,
  moderationSchema,
  statementsSchema,
  verifiedReviewsSchema,
  socialSchema,
  tagsSchema,
  notificationDigestsSchema,
  skinVersionsSchema,
  followsWishlistsSchema,
  notificationsSchema,
  webhooksSchema,
  giftsSchema,
  apiTokensSchema,
  discountCodesSchema,
  accountDataSchema,
  salesSchema,
  coAuthorsSchema,
].join('\n');

/** The schema as SDL, as `npm run codegen` writes it to api/graphql/schema.graphql for the web's types. */
export function printedSchema(): string {
  return printSchema(buildSchema(typeDefs));
}
