import { graphql } from '../../../shared/graphql/generated';

// The item editors (spec 2.11, 5): the item to edit, what it may link to, and its saves.

// Spec 7.2 and 9: the author's skins offered for linking (color variations, bundle contents), 100.
export const MyLinkableSkinsQuery = graphql(`
  query MyLinkableSkins($page: PageInput!) {
    myCreatedSkins(page: $page) {
      content {
        id
        url
        title
        type
        price
        published
        availableAlone
        thumbnail {
          id
          cardUrl
        }
      }
    }
  }
`);

// The skin editor for an existing skin (/me/skin/edit/{url}).
export const EditableSkinQuery = graphql(`
  query EditableSkin($url: String!) {
    skin(url: $url) {
      id
      url
      title
      description
      type
      price
      payWhatYouWant
      published
      availableAlone
      videoUrl
      colorPrimary
      colorSecondary
      author {
        id
      }
      rating {
        average
        totalRatings
      }
      downloads {
        total
      }
      resources {
        id
        type
        order
        title
        url
        cardUrl
      }
      colorVariations {
        id
      }
      tags {
        id
        slug
      }
      takedown {
        at
        reason
      }
    }
  }
`);

export const EditableBundleQuery = graphql(`
  query EditableBundle($url: String!) {
    bundle(url: $url) {
      id
      url
      title
      description
      type
      price
      payWhatYouWant
      published
      videoUrl
      author {
        id
      }
      resources {
        id
        type
        order
        title
        url
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
`);

export const CreateSkinMutation = graphql(`
  mutation CreateSkin($dto: SkinInput!) {
    createSkin(dto: $dto) {
      id
      url
      success
    }
  }
`);

export const UpdateSkinMutation = graphql(`
  mutation UpdateSkin($dto: SkinInput!) {
    updateSkin(dto: $dto) {
      id
      url
      success
    }
  }
`);

export const CreateBundleMutation = graphql(`
  mutation CreateBundle($dto: BundleInput!) {
    createBundle(dto: $dto) {
      id
      url
      success
    }
  }
`);

export const UpdateBundleMutation = graphql(`
  mutation UpdateBundle($dto: BundleInput!) {
    updateBundle(dto: $dto) {
      id
      url
      success
    }
  }
`);

/** The curated tag list the skin editor's picker offers (active tags, in the list's order). */
export const EditorTagsQuery = graphql(`
  query EditorTags {
    tags {
      tag {
        id
        slug
        name
        group
      }
    }
  }
`);
