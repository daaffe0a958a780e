import type { ApiTokenScope } from '../../domain/api-tokens/api-token.schemas';

/** A field no API token may reach: the browser's own state and acts (a player's, or the account's). */
export const SESSION_ONLY = 'session-only';
export type FieldAccess = ApiTokenScope | typeof SESSION_ONLY;

/**
 * The scope each top-level field of the GraphQL schema needs when a request comes with an API token
 * (docs/api-tokens.md). Every field of Query and Mutation is listed (a unit test holds it), and a
 * field missing here is refused to tokens: a new field is closed until someone decides its scope.
 * The field's own resolver still checks the owner and role as for a browser session.
 */
export const OPERATION_SCOPES: { Query: Record<string, FieldAccess>; Mutation: Record<string, FieldAccess> } =
  {
    Query: {
      health: 'public:read',
      myUser: 'public:read',
      skinOfTheMonth: 'public:read',
      skinOfTheMonthHistory: 'public:read',
      skin: 'public:read',
      skins: 'public:read',
      skinsById: 'public:read',
      mostDownloadedSkins: 'public:read',
      bundle: 'public:read',
      bundles: 'public:read',
      bundlesById: 'public:read',
      authors: 'public:read',
      author: 'public:read',
      comments: 'public:read',
      tags: 'public:read',
      checkoutQuote: 'public:read',
      // The claim page reads the gift by its link's token; claiming and resending are the browser's.
      giftClaim: SESSION_ONLY,

      myCreatedSkins: 'items:manage',
      myCreatedBundles: 'items:manage',
      myDiscountCodes: 'items:manage',
      discountCode: 'sales:read',
      mySales: 'items:manage',

      myPayouts: 'sales:read',
      myPayoutOverview: 'sales:read',
      myItemPerformance: 'sales:read',
      payout: 'sales:read',
      downloadCount: 'sales:read',
      downloadHistory: 'sales:read',
      skinDownloadPopularity: 'sales:read',
      topDownloadedSkins: 'sales:read',
      purchaseHistory: 'sales:read',
      skinPurchasePopularity: 'sales:read',
      earningsHistory: 'sales:read',

      users: 'admin:read',
      purchaseList: 'admin:read',
      mailOutbox: 'admin:read',
      allPayouts: 'admin:read',
      payoutRegister: 'admin:read',
      moneySpent: 'admin:read',
      siteActivity: 'admin:read',
      allComments: 'admin:read',
      reportedItems: 'admin:read',
      moderationLog: 'admin:read',
      appeals: 'admin:read',
      socialNetworks: 'admin:read',
      socialPosts: 'admin:read',
      socialOutbox: 'admin:read',
      allTags: 'admin:read',
      tagLog: 'admin:read',
      authorSales: 'admin:read',

      viewerSkinStates: SESSION_ONLY,
      viewerBundleStates: SESSION_ONLY,
      viewerAuthorStates: SESSION_ONLY,
      viewerWishes: SESSION_ONLY,
      myOwnedSkinIds: SESSION_ONLY,
      myOwnedBundleIds: SESSION_ONLY,
      myOwnedSkins: SESSION_ONLY,
      myPurchaseList: SESSION_ONLY,
      orderConfirmation: SESSION_ONLY,
      myReport: SESSION_ONLY,
      myStatements: SESSION_ONLY,
      statementOfReasons: SESSION_ONLY,
      // The page a blocked person opens from the link in their statement's mail.
      statementByAppealLink: SESSION_ONLY,
      myFollowing: SESSION_ONLY,
      myWishlist: SESSION_ONLY,
      fromFollowedAuthors: SESSION_ONLY,
      myNotifications: SESSION_ONLY,
      unreadNotificationCount: SESSION_ONLY,
      myApiTokens: SESSION_ONLY,
      myOrdersAwaitingConsent: SESSION_ONLY,
      myWaitingSkinIds: SESSION_ONLY,
      // Webhook endpoints carry signing secrets: managed in the browser only, like the tokens.
      myWebhookEndpoints: SESSION_ONLY,
      siteWebhookEndpoints: SESSION_ONLY,
      webhookEndpoint: SESSION_ONLY,
      // The account's deletion and its log: a person's own act, and admins' in person.
      myAccountDeletionPreview: SESSION_ONLY,
      accountDeletions: SESSION_ONLY,
      // Co-authors: the weights and the recent sales' split are sales figures; invitations are answered in person.
      itemCoAuthors: 'sales:read',
      coAuthorSplitPreview: 'sales:read',
      myCoAuthorInvitations: SESSION_ONLY,
    },
    Mutation: {
      createSkin: 'items:manage',
      updateSkin: 'items:manage',
      hideSkin: 'items:manage',
      createBundle: 'items:manage',
      updateBundle: 'items:manage',
      hideBundle: 'items:manage',
      publishSkinVersion: 'items:manage',
      createDiscountCode: 'items:manage',
      deactivateDiscountCode: 'items:manage',
      scheduleSale: 'items:manage',
      changeSale: 'items:manage',
      // The author's own sale, or an admin's cancellation of a misleading one.
      cancelSale: 'items:manage',

      refundOrder: 'admin:manage',
      retryMailDelivery: 'admin:manage',
      lockPayout: 'admin:manage',
      sendPayout: 'admin:manage',
      markPayoutFailed: 'admin:manage',
      withdrawPayoutFromFile: 'admin:manage',
      takeDownItem: 'admin:manage',
      restoreItem: 'admin:manage',
      dismissReports: 'admin:manage',
      blockUser: 'admin:manage',
      unblockUser: 'admin:manage',
      decideAppeal: 'admin:manage',
      publishSkinOnInstagram: 'admin:manage',
      publishSkinOnTwitter: 'admin:manage',
      createTag: 'admin:manage',
      updateTag: 'admin:manage',
      retireTag: 'admin:manage',
      restoreTag: 'admin:manage',

      // The account's profile and payout details, a player's acts, and the tokens themselves: a
      // token can neither change where the money goes nor mint or revoke tokens.
      updateMyUser: SESSION_ONLY,
      updateMyPayoutPreferences: SESSION_ONLY,
      rateSkin: SESSION_ONLY,
      createComment: SESSION_ONLY,
      reportItem: SESSION_ONLY,
      // A person's own appeal is made in person, never by a script.
      appealDecision: SESSION_ONLY,
      appealByLink: SESSION_ONLY,
      followAuthor: SESSION_ONLY,
      unfollowAuthor: SESSION_ONLY,
      wishItem: SESSION_ONLY,
      unwishItem: SESSION_ONLY,
      markNotificationsRead: SESSION_ONLY,
      setDigestFrequency: SESSION_ONLY,
      createApiToken: SESSION_ONLY,
      revokeApiToken: SESSION_ONLY,
      // The consumer's own declarations (consent, withdrawal) are made in person, never by a script.
      giveWithdrawalConsent: SESSION_ONLY,
      withdrawFromPurchase: SESSION_ONLY,
      claimGift: SESSION_ONLY,
      resendGiftMail: SESSION_ONLY,
      createWebhookEndpoint: SESSION_ONLY,
      rotateWebhookSecret: SESSION_ONLY,
      deleteWebhookEndpoint: SESSION_ONLY,
      // Deleting an account is never left to a script, the owner's or an admin's.
      deleteMyAccount: SESSION_ONLY,
      deleteAccount: SESSION_ONLY,
      eraseGuestBuyer: SESSION_ONLY,
      resumeWebhookEndpoint: SESSION_ONLY,
      resendWebhookDelivery: SESSION_ONLY,
      // Who shares an item's money is decided in person, like the payout details: never by a token.
      inviteCoAuthor: SESSION_ONLY,
      answerCoAuthorInvitation: SESSION_ONLY,
      setCoAuthorWeights: SESSION_ONLY,
      removeCoAuthor: SESSION_ONLY,
      leaveCoAuthorship: SESSION_ONLY,
    },
  };

/**
 * Fields below the top level that need more than the field that reached them: the payout details
 * and postal address, which `myUser` (public:read) and `myPayouts` (sales:read) would otherwise hand
 * to any token, where a leaked token would leak them.
 * Keyed `Type.field`; a unit test checks that each still exists in the schema.
 */
export const NESTED_FIELD_SCOPES: Record<string, FieldAccess> = {
  'PrivateUser.payoutMethod': SESSION_ONLY,
  'PrivateUser.paypalAccount': SESSION_ONLY,
  'PrivateUser.bankAccountIban': SESSION_ONLY,
  'PrivateUser.bankAccountBic': SESSION_ONLY,
  'PrivateUser.fullname': SESSION_ONLY,
  'PrivateUser.street': SESSION_ONLY,
  'PrivateUser.city': SESSION_ONLY,
  // Where a payout went: the same details, as the payout recorded them.
  'Payout.sendToIban': SESSION_ONLY,
  'Payout.sendToBic': SESSION_ONLY,
  'Payout.sendToPaypalAccount': SESSION_ONLY,
  'Payout.sendToName': SESSION_ONLY,
};

/** What a top-level field needs of a token; an unlisted field (or an unknown root type) is session-only. */
export function accessOf(rootType: string, field: string): FieldAccess {
  if (field === '__typename') return 'public:read';
  const table = rootType === 'Query' || rootType === 'Mutation' ? OPERATION_SCOPES[rootType] : null;
  return (table && Object.hasOwn(table, field) ? table[field] : undefined) ?? SESSION_ONLY;
}
