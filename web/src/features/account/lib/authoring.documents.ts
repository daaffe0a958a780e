import { graphql } from '../../../shared/graphql/generated';

// The author's own skins and bundles (spec 2.11, 7.2): the tables and their visibility switches.

export const MyCreatedSkinsQuery = graphql(`
  query MyCreatedSkins($page: PageInput!) {
    myCreatedSkins(page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        id
        url
        title
        description
        type
        price
        published
        createdAt
        thumbnail {
          id
          cardUrl
        }
        takedown {
          at
          reason
        }
        downloads {
          total
        }
        rating {
          average
          totalRatings
        }
        sales
      }
    }
  }
`);

export const MyCreatedBundlesQuery = graphql(`
  query MyCreatedBundles($page: PageInput!) {
    myCreatedBundles(page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        id
        url
        title
        description
        type
        price
        published
        createdAt
        thumbnail {
          id
          cardUrl
        }
        skins {
          id
        }
        takedown {
          at
          reason
        }
      }
    }
  }
`);

export const HideSkinMutation = graphql(`
  mutation HideSkin($hide: Boolean!, $id: ID!) {
    hideSkin(hide: $hide, id: $id) {
      id
      success
    }
  }
`);

export const HideBundleMutation = graphql(`
  mutation HideBundle($id: ID!, $hide: Boolean!) {
    hideBundle(id: $id, hide: $hide) {
      id
      success
    }
  }
`);
