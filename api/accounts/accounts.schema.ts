export const accountsSchema = /* GraphQL */ `
  type Avatar {
    filename: String!
    url: String!
    type: String!
    "Only on upload; never sent back."
    content: String
  }

  type UserRole {
    id: ID!
    name: String!
    description: String
  }

  "A user as others see them. email, createdAt, modifiedAt and the social fields are shown to admins (and to the user)."
  type User {
    id: ID!
    url: String!
    username: String!
    country: String
    avatar: Avatar
    email: String
    createdAt: String
    modifiedAt: String
    facebook: String
    twitter: String
    twitch: String
    instagram: String
    discord: String
    website: String
    anonymous: Boolean
    "Admins (and the user): the account's roles, regular and admin."
    roles: [String!]
    "Admins (and the user): whether an admin blocked the account."
    blocked: Boolean
  }

  "What the user has published, for the author menu (spec 2.11)."
  type AuthorStats {
    "Skins the user created (hidden ones too)."
    skins: Int!
    "Of those, priced above 0."
    paidSkins: Int!
  }

  "The signed-in user's own account (profile settings)."
  type PrivateUser {
    id: ID!
    url: String!
    username: String!
    email: String!
    "Whether the email was proven by the mailed link; until then, purchases made with it as a guest stay apart."
    emailVerified: Boolean!
    fullname: String
    country: String
    language: String!
    avatar: Avatar
    description: String
    facebook: String
    twitter: String
    twitch: String
    instagram: String
    discord: String
    website: String
    subscribedToNews: Boolean!
    payoutMethod: PayoutMethod
    paypalAccount: String
    bankAccountIban: String
    bankAccountBic: String
    street: String
    city: String
    roles: [UserRole!]!
    createdAt: String!
    authorStats: AuthorStats!
  }

  type UserPage {
    pageInfo: PageInfo!
    content: [User!]!
  }

  input AvatarInput {
    filename: String
    type: String
    content: String!
  }

  input UpdateMyUserInput {
    fullname: String
    country: String
    language: String
    subscribedToNews: Boolean
    description: String
    facebook: String
    twitter: String
    twitch: String
    instagram: String
    discord: String
    website: String
    payoutMethod: PayoutMethod
    paypalAccount: String
    bankAccountIban: String
    bankAccountBic: String
    street: String
    city: String
    avatar: AvatarInput
  }

  extend type Query {
    myUser: PrivateUser!
    "Admins: accounts, newest first, 20 a page; blocked: true lists only blocked accounts, false only the others."
    users(search: String, includeAnonymous: Boolean = false, blocked: Boolean, page: PageInput): UserPage!
  }

  extend type Mutation {
    updateMyUser(dto: UpdateMyUserInput!): PrivateUser!
  }
`;
