import { graphql } from '../../../shared/graphql/generated';

export const PublishSkinVersionMutation = graphql(`
  mutation PublishSkinVersion($skinId: ID!, $file: ID!, $changelog: String!) {
    publishSkinVersion(skinId: $skinId, file: $file, changelog: $changelog) {
      version
      changelog
      publishedAt
      size
      current
      downloadUrl
    }
  }
`);
