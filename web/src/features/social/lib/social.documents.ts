import { graphql } from '../../../shared/graphql/generated';

// The admin's social media page (spec 2.13): the subject (a skin or an author) with its images, how
// each network is reached, the publications and the local outbox, and the two publish mutations.

/** How each network is reached: its API (keys configured) or the local outbox. */
export const SocialNetworksQuery = graphql(`
  query SocialNetworks {
    socialNetworks {
      network
      delivery
      maxImages
    }
  }
`);

export const SocialSkinFieldsFragment = graphql(`
  fragment SocialSkinFields on Skin {
    id
    url
    title
    type
    published
    takedown {
      at
      reason
    }
    author {
      id
      url
      username
      country
      twitter
      instagram
      blocked
      avatar {
        url
      }
    }
    resources {
      id
      type
      order
      cardUrl
    }
  }
`);

/** A skin by its url or, when `ids` holds the parameter as a number, by its id (one round trip). */
export const SocialSkinQuery = graphql(`
  query SocialSkin($url: String!, $ids: [ID!]!) {
    skin(url: $url) {
      ...SocialSkinFields
    }
    skinsById(ids: $ids) {
      ...SocialSkinFields
    }
  }
`);

/** An author by the url of their page or, when `id` holds the parameter as a number, by their id (one round trip). */
export const SocialAuthorFieldsFragment = graphql(`
  fragment SocialAuthorFields on Author {
    id
    url
    username
    country
    twitter
    instagram
    skinCount
    avatar {
      url
    }
    skins {
      id
      url
      title
      type
      resources {
        id
        type
        order
        cardUrl
      }
    }
  }
`);

export const SocialAuthorQuery = graphql(`
  query SocialAuthor($url: String!, $id: ID, $byId: Boolean!) {
    author(url: $url) {
      ...SocialAuthorFields
    }
    authorById: author(id: $id) @include(if: $byId) {
      ...SocialAuthorFields
    }
  }
`);

/** The skin picker: a page of skins (every game; admins see hidden ones too). */
export const SocialSkinSearchQuery = graphql(`
  query SocialSkinSearch($search: String, $page: PageInput!) {
    skins(search: $search, page: $page) {
      pageInfo {
        totalElements
      }
      content {
        id
        url
        title
        type
        published
        thumbnail {
          id
          cardUrl
        }
        author {
          id
          username
          country
        }
      }
    }
  }
`);

/** Publications, newest first: of one skin or one author when given, else all. */
export const SocialPostsQuery = graphql(`
  query SocialPosts($page: PageInput!, $skinId: ID, $authorId: ID) {
    socialPosts(page: $page, skinId: $skinId, authorId: $authorId) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        id
        network
        status
        delivery
        message
        at
        actor {
          id
          username
        }
        author {
          id
          url
          username
        }
        skins {
          id
          url
          title
        }
        imageIds
        postId
        url
        outboxFile
        errorKind
        error
      }
    }
  }
`);

/** The local outbox ($DATA_DIR/outbox/social), newest first. */
export const SocialOutboxQuery = graphql(`
  query SocialOutbox($page: PageInput!) {
    socialOutbox(page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        id
        network
        message
        writtenAt
        file
        images {
          filename
          url
        }
      }
    }
  }
`);

export const PublishSkinOnTwitterMutation = graphql(`
  mutation PublishSkinOnTwitter($dto: SocialPublishInput!) {
    publishSkinOnTwitter(dto: $dto) {
      type
      message
      data
    }
  }
`);

export const PublishSkinOnInstagramMutation = graphql(`
  mutation PublishSkinOnInstagram($dto: SocialPublishInput!) {
    publishSkinOnInstagram(dto: $dto) {
      type
      message
      data
    }
  }
`);
