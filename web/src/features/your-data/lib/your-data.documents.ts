import { graphql } from '../../../shared/graphql/generated';

// Your data (docs/account-deletion.md): what a deletion would do, and the deletion itself.

export const AccountDeletionPreviewQuery = graphql(`
  query AccountDeletionPreview {
    myAccountDeletionPreview {
      mustFinish
      earningsGivenUp
      invoices
      creditNotes
      payouts
      publishedSkins
      publishedBundles
      comments
      ratings
    }
  }
`);

export const DeleteMyAccountMutation = graphql(`
  mutation DeleteMyAccount($input: DeleteMyAccountInput!) {
    deleteMyAccount(input: $input) {
      id
      success
    }
  }
`);
