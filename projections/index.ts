import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { authorFollowsProjection } from './author-follows.projection';
import { discountCodesProjection } from './discount-codes.projection';
import { authorSalesProjection } from './author-sales.projection';
import { coAuthorsProjection } from './co-authors.projection';
import { eventActivityProjection } from './event-activity.projection';
import { financeJournalProjection } from './finance-journal.projection';
import { invoicesProjection } from './invoices.projection';
import { itemPriceHistoryProjection } from './item-price-history.projection';
import { itemSalesBySourceProjection } from './item-sales-by-source.projection';
import { moderationProjection } from './moderation.projection';
import { notificationsProjection } from './notifications.projection';
import { ordersProjection } from './orders.projection';
import { ownershipProjection } from './ownership.projection';
import { payoutPreferencesProjection } from './payout-preferences.projection';
import { giftsProjection } from './gifts.projection';
import { payoutsProjection } from './payouts.projection';
import { personalDataErasureProjection } from './personal-data-erasure.projection';
import { salesStatisticsProjection } from './sales-statistics.projection';
import { skinDownloadsProjection } from './skin-downloads.projection';
import { skinOfTheMonthProjection } from './skin-of-the-month.projection';
import { skinRatingsProjection } from './skin-ratings.projection';
import { skinVersionsProjection } from './skin-versions.projection';
import { socialPostsProjection } from './social-posts.projection';
import { wishlistsProjection } from './wishlists.projection';

/** Every read model built from events, by name: the API, the runner and `npm run replay` use this list. */
export const projections: readonly RebuildableProjection[] = [
  eventActivityProjection,
  skinRatingsProjection,
  skinDownloadsProjection,
  skinOfTheMonthProjection,
  ordersProjection,
  ownershipProjection,
  giftsProjection,
  payoutsProjection,
  salesStatisticsProjection,
  financeJournalProjection,
  moderationProjection,
  socialPostsProjection,
  skinVersionsProjection,
  authorFollowsProjection,
  wishlistsProjection,
  notificationsProjection,
  invoicesProjection,
  discountCodesProjection,
  authorSalesProjection,
  itemPriceHistoryProjection,
  payoutPreferencesProjection,
  itemSalesBySourceProjection,
  coAuthorsProjection,
  // Last: it scrubs rows the projections above wrote (docs/personal-data.md).
  personalDataErasureProjection,
];
