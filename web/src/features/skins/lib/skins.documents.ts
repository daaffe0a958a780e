import { graphql } from '../../../shared/graphql/generated';

// A page of skins (15), sorted and filtered as the list's query parameters say.
export const SkinsListQuery = graphql(`
  query SkinsList($search: String, $page: PageInput!, $type: GameType, $price: PriceFilter) {
    skins(search: $search, page: $page, type: $type, price: $price) {
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
      price
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
        usersRating
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
      colorVariations {
        id
        url
        title
        colors
      }
      downloads {
        total
      }
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

export const RateSkinMutation = graphql(`
  mutation RateSkin($rating: Int!, $skinId: Long!) {
    rateSkin(rating: $rating, skinId: $skinId) {
      average
      totalRatings
      usersRating
    }
  }
`);
