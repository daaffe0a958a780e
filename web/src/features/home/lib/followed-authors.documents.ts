import { graphql } from '../../../shared/graphql/generated';

// The newest skins of the authors the signed-in viewer follows (nothing for visitors). Apart from
// home.documents.ts, so that only the lazy row's chunk carries it.
export const FromFollowedAuthorsQuery = graphql(`
  query FromFollowedAuthors {
    fromFollowedAuthors(length: 3) {
      ...SkinCardFields
    }
  }
`);
