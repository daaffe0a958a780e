/*
 * The per-viewer parts of skin and bundle pages, asked apart from the items themselves: the items'
 * answers are then the same for every viewer and come from the shared response cache, and these
 * small lookups by the ids on screen carry what differs (docs/catalogue.md, "Signed-in viewers and
 * the cache").
 */
export const viewerStatesSchema = /* GraphQL */ `
  "What differs for the signed-in viewer on a skin's page."
  type ViewerSkinState {
    id: ID!
    "The viewer's own vote, or null."
    myRating: Int
    "The author and admins: the admin's takedown, when the skin is taken down."
    takedown: Takedown
  }

  "What differs for the signed-in viewer on a bundle's page."
  type ViewerBundleState {
    id: ID!
    "The author and admins: the admin's takedown, when the bundle is taken down."
    takedown: Takedown
  }

  extend type Query {
    "The signed-in viewer's state of each skin asked (at most 100, each once), in the order asked."
    viewerSkinStates(ids: [ID!]!): [ViewerSkinState!]!
    "The signed-in viewer's state of each bundle asked (at most 100, each once), in the order asked."
    viewerBundleStates(ids: [ID!]!): [ViewerBundleState!]!
  }
`;
