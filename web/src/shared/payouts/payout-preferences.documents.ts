import { graphql } from '../graphql/generated';

// The author's payout preferences and balance: My Payouts shows them, the settings page changes them.
export const MyPayoutOverviewQuery = graphql(`
  query MyPayoutOverview {
    myPayoutOverview {
      preferences {
        threshold
        schedule
        held
        minimumThreshold
        maximumThreshold
        changedAt
      }
      payoutMethod
      nextLock {
        lockAt
        payoutDate
      }
      openPayoutId
      balance
      owed
      estimatedDateNote
      refundsTakenBack {
        orderExternalId
        name
        amount
        fromPayoutId
        at
      }
    }
  }
`);

export const UpdateMyPayoutPreferencesMutation = graphql(`
  mutation UpdateMyPayoutPreferences($input: PayoutPreferencesInput!) {
    updateMyPayoutPreferences(input: $input) {
      threshold
      schedule
      held
      minimumThreshold
      maximumThreshold
      changedAt
    }
  }
`);
