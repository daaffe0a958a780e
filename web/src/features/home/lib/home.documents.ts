import { graphql } from '../../../shared/graphql/generated';

// Spec 2.5 and 7.2: the 3 most downloaded and the 3 newest skins (all games), in one request.
export const HomeSkinsQuery = graphql(`
  query HomeSkins {
    trending: mostDownloadedSkins(page: { page: 0, size: 3 }) {
      content {
        ...SkinCardFields
      }
    }
    latest: skins(page: { page: 0, size: 3, sortBy: "createdAt", sortDirection: DESC }) {
      content {
        ...SkinCardFields
      }
    }
  }
`);
