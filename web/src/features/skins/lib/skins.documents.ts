import { graphql } from '../../../shared/graphql/generated';

// A page of skins (15), sorted and filtered as the list's query parameters say.
export const SkinsListQuery = graphql(`
  query SkinsList(
    $search: String
    $page: PageInput!
    $type: GameType
    $price: PriceFilter
    $tags: [String!]
  ) {
    skins(search: $search, page: $page, type: $type, price: $price, tags: $tags) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
      }
      content {
        ...SkinCardFields
      }
    }
  }
`);

// Spec 2.7: a skin's page. Resources hold the images (and the skin source, which is left out).
/** The skin page's download count, asked again while the page is open so a burst shows as it happens. */
export const SkinDownloadCountQuery = graphql(`
  query SkinDownloadCount($url: String!) {
    skin(url: $url) {
      id
      downloads {
        total
      }
    }
  }
`);

export const SkinDetailQuery = graphql(`
  query SkinDetail($url: String!) {
    skin(url: $url) {
      id
      url
      title
      description
      type
      published
      videoUrl
      colorPrimary
      colorSecondary
      createdAt
      modifiedAt
      price
      sale {
        ...RunningSaleFields
      }
      archive {
        sizeBytes
        files {
          name
          sizeBytes
        }
      }
      author {
        id
        url
        username
        country
        avatar {
          url
        }
      }
      coAuthors {
        id
        url
        username
      }
      bundles {
        id
        url
        title
        price
        savings
        thumbnail {
          id
          cardUrl
        }
      }
      moreFromAuthor(length: 4) {
        ...SkinCardFields
      }
      rating {
        average
        totalRatings
      }
      verifiedRatings
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
      colorVariations {
        id
        url
        title
        colors
      }
      tags {
        id
        slug
        name
      }
      downloads {
        total
      }
    }
  }
`);

/**
 * What differs for the signed-in viewer on a skin's page, asked apart so that the skin's own answer
 * is the one everyone shares (the server's response cache): their vote, and the takedown, which
 * only the author and admins can have (so only they ask for it).
 */
export const SkinViewerStateQuery = graphql(`
  query SkinViewerState($ids: [ID!]!, $withTakedown: Boolean!) {
    viewerSkinStates(ids: $ids) {
      id
      myRating
      takedown @include(if: $withTakedown) {
        at
        reason
        by {
          username
        }
      }
    }
  }
`);

export const RateSkinMutation = graphql(`
  mutation RateSkin($rating: Int!, $skinId: Long!) {
    rateSkin(rating: $rating, skinId: $skinId) {
      average
      totalRatings
      usersRating
    }
  }
`);

/** The tag filter's chips: each active tag with the number of listed skins the list holds once it is added. */
export const SkinTagCountsQuery = graphql(`
  query SkinTagCounts($type: GameType, $withTags: [String!]) {
    tags(type: $type, withTags: $withTags) {
      tag {
        id
        slug
        name
        group
      }
      count
    }
  }
`);
