import { graphql } from '../../../shared/graphql/generated';

// How often the signed-in user is mailed a digest of their unread notifications.
export const MyDigestFrequencyQuery = graphql(`
  query MyDigestFrequency {
    myUser {
      id
      digestFrequency
    }
  }
`);

export const SetDigestFrequencyMutation = graphql(`
  mutation SetDigestFrequency($frequency: DigestFrequency!) {
    setDigestFrequency(frequency: $frequency) {
      id
      digestFrequency
    }
  }
`);
