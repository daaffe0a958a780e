import { graphql } from '../../../shared/graphql/generated';

// Spec 7.2: authors 16 a page, by username, with the number of their published skins; the cards
// also show their totals and three of their most downloaded skins.
export const AuthorsListQuery = graphql(`
  query AuthorsList($search: String, $page: PageInput!) {
    authors(search: $search, page: $page) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
      }
      content {
        id
        url
        username
        country
        skinCount
        downloadCount
        rating {
          average
          totalRatings
        }
        sampleSkins(length: 3) {
          id
          title
          thumbnail {
            id
            cardUrl
          }
        }
        avatar {
          url
        }
      }
    }
  }
`);

// Spec 3 (author view): an author's public page with their published skins, newest first.
export const AuthorDetailQuery = graphql(`
  query AuthorDetail($url: String!) {
    author(url: $url) {
      id
      url
      username
      country
      description
      twitter
      instagram
      twitch
      discord
      facebook
      website
      createdAt
      skinCount
      bundleCount
      downloadCount
      followerCount
      rating {
        average
        totalRatings
      }
      avatar {
        url
      }
      skins {
        ...SkinCardFields
      }
      bundles {
        ...BundleCardFields
      }
      coAuthoredSkins {
        ...SkinCardFields
      }
      coAuthoredBundles {
        ...BundleCardFields
      }
    }
  }
`);
