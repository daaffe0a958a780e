import { graphql } from '../graphql/generated';

// The signed-in user's own account: the profile screen, the menu and the settings form.
export const PrivateUserFieldsFragment = graphql(`
  fragment PrivateUserFields on PrivateUser {
    id
    url
    username
    email
    fullname
    country
    language
    avatar {
      url
    }
    description
    facebook
    twitter
    twitch
    instagram
    discord
    website
    subscribedToNews
    payoutMethod
    paypalAccount
    bankAccountIban
    bankAccountBic
    street
    city
    roles {
      id
      name
    }
    createdAt
    authorStats {
      skins
      paidSkins
    }
  }
`);

export const MyUserQuery = graphql(`
  query MyUser {
    myUser {
      ...PrivateUserFields
    }
  }
`);

export const UpdateMyUserMutation = graphql(`
  mutation UpdateMyUser($dto: UpdateMyUserInput!) {
    updateMyUser(dto: $dto) {
      ...PrivateUserFields
    }
  }
`);
