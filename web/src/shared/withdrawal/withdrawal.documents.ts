import { graphql } from '../graphql/generated';

// The consent to immediate delivery and the withdrawal (docs/withdrawal.md).
export const WithdrawalStatusFragment = graphql(`
  fragment WithdrawalStatusFields on WithdrawalStatus {
    asked
    consentGivenAt
    consentGivenWhere
    statement
    awaitingConsent
    withdrawable
    withdrawUntil
  }
`);

export const GiveWithdrawalConsentMutation = graphql(`
  mutation GiveWithdrawalConsent($externalId: String!, $key: String, $where: WithdrawalConsentPlace!) {
    giveWithdrawalConsent(externalId: $externalId, key: $key, where: $where) {
      externalId
      withdrawal {
        ...WithdrawalStatusFields
      }
    }
  }
`);

export const WithdrawFromPurchaseMutation = graphql(`
  mutation WithdrawFromPurchase($externalId: String!, $key: String) {
    withdrawFromPurchase(externalId: $externalId, key: $key) {
      externalId
      paymentStatus
      withdrawal {
        ...WithdrawalStatusFields
      }
    }
  }
`);
