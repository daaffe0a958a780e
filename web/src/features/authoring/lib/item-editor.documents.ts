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

// What both editors read of the item they edit (a skin and a bundle alike).
export const EditableItemFieldsFragment = graphql(`
  fragment EditableItemFields on CatalogueItem {
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
    takedown {
      at
      reason
    }
  }
`);

// The skin editor for an existing skin (/me/skin/edit/{url}).
export const EditableSkinQuery = graphql(`
  query EditableSkin($url: String!) {
    skin(url: $url) {
      ...EditableItemFields
      availableAlone
      colorPrimary
      colorSecondary
      rating {
        average
        totalRatings
      }
      downloads {
        total
      }
      colorVariations {
        id
      }
      tags {
        id
        slug
      }
    }
  }
`);

export const EditableBundleQuery = graphql(`
  query EditableBundle($url: String!) {
    bundle(url: $url) {
      ...EditableItemFields
      skins {
        id
      }
    }
  }
`);

// What every save answers: the item saved and where it now lives.
export const SavedItemFieldsFragment = graphql(`
  fragment SavedItemFields on SavedItem {
    id
    url
    success
  }
`);

export const CreateSkinMutation = graphql(`
  mutation CreateSkin($dto: SkinInput!) {
    createSkin(dto: $dto) {
      ...SavedItemFields
    }
  }
`);

export const UpdateSkinMutation = graphql(`
  mutation UpdateSkin($dto: SkinInput!) {
    updateSkin(dto: $dto) {
      ...SavedItemFields
    }
  }
`);

export const CreateBundleMutation = graphql(`
  mutation CreateBundle($dto: BundleInput!) {
    createBundle(dto: $dto) {
      ...SavedItemFields
    }
  }
`);

export const UpdateBundleMutation = graphql(`
  mutation UpdateBundle($dto: BundleInput!) {
    updateBundle(dto: $dto) {
      ...SavedItemFields
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
