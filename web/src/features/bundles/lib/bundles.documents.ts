import { graphql } from '../../../shared/graphql/generated';

// Spec 2.8 and 7.2: a page of bundles (10), sorted and filtered as the list's query parameters say.
export const BundlesListQuery = graphql(`
  query BundlesList($search: String, $page: PageInput!, $type: GameType) {
    bundles(search: $search, page: $page, type: $type) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
      }
      content {
        ...BundleCardFields
      }
    }
  }
`);

// Spec 2.8: a bundle's page: the card, the video or screenshots, and its skins as skin cards.
export const BundleDetailQuery = graphql(`
  query BundleDetail($url: String!) {
    bundle(url: $url) {
      id
      url
      title
      description
      type
      published
      videoUrl
      createdAt
      price
      sale {
        ...RunningSaleFields
      }
      payWhatYouWant
      author {
        id
        url
        username
        country
        avatar {
          url
        }
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
      skins {
        ...SkinCardFields
      }
    }
  }
`);

/**
 * The takedown of a bundle, asked apart so that the bundle's own answer is shared; only its author
 * and admins can have one, so only they ask.
 */
export const BundleViewerStateQuery = graphql(`
  query BundleViewerState($ids: [ID!]!) {
    viewerBundleStates(ids: $ids) {
      id
      takedown {
        at
        reason
        by {
          username
        }
      }
    }
  }
`);
