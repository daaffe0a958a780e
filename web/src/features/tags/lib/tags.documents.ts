import { graphql } from '../../../shared/graphql/generated';

// The admin's tag list (docs/web-admin-tags.md): every tag with its usage, its changes, and the steps.

export const AdminTagFieldsFragment = graphql(`
  fragment AdminTagFields on Tag {
    id
    slug
    name
    group
    position
    retired
  }
`);

export const AllTagsQuery = graphql(`
  query AllTags {
    allTags {
      tag {
        ...AdminTagFields
      }
      listed
      uses
    }
  }
`);

export const TagLogQuery = graphql(`
  query TagLog($limit: Int) {
    tagLog(limit: $limit) {
      id
      at
      action
      by {
        id
        username
      }
      before {
        slug
        name
        group
        position
      }
      after {
        slug
        name
        group
        position
      }
    }
  }
`);

export const CreateTagMutation = graphql(`
  mutation CreateTag($input: TagInput!) {
    createTag(input: $input) {
      ...AdminTagFields
    }
  }
`);

export const UpdateTagMutation = graphql(`
  mutation UpdateTag($id: ID!, $input: TagInput!) {
    updateTag(id: $id, input: $input) {
      ...AdminTagFields
    }
  }
`);

export const RetireTagMutation = graphql(`
  mutation RetireTag($id: ID!) {
    retireTag(id: $id) {
      ...AdminTagFields
    }
  }
`);

export const RestoreTagMutation = graphql(`
  mutation RestoreTag($id: ID!) {
    restoreTag(id: $id) {
      ...AdminTagFields
    }
  }
`);
