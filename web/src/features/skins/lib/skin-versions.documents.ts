import { graphql } from '../../../shared/graphql/generated';

/** A skin page's version history (the same for every viewer: kept in the shared response cache). */
export const SkinVersionsQuery = graphql(`
  query SkinVersions($url: String!) {
    skin(url: $url) {
      id
      versions {
        version
        changelog
        publishedAt
        size
        current
        downloadUrl
      }
    }
  }
`);

/** Whether the signed-in viewer may download earlier versions (free, bought, their own, an admin). */
export const SkinVersionAccessQuery = graphql(`
  query SkinVersionAccess($ids: [ID!]!) {
    viewerSkinStates(ids: $ids) {
      id
      canDownloadVersions
    }
  }
`);
