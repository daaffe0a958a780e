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

// Spec 2.5: the Skin of the Month with its screenshots; the latest winner's month comes from the
// history (the first entry is the newest).
export const SkinOfTheMonthQuery = graphql(`
  query SkinOfTheMonth {
    skinOfTheMonth {
      id
      url
      title
      description
      type
      author {
        id
        url
        username
        country
        avatar {
          url
        }
      }
      rating {
        average
        totalRatings
      }
      resources {
        id
        type
        order
        title
        url
        cardUrl
        previewUrl
        width
        height
      }
    }
    skinOfTheMonthHistory {
      month
      skin {
        id
      }
    }
  }
`);
