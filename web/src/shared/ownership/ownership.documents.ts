import { graphql } from '../graphql/generated';

// Spec 7.2: the ids of the skins (bought alone or in a bundle) and bundles the viewer owns.
export const MyOwnedIdsQuery = graphql(`
  query MyOwnedIds {
    myOwnedSkinIds
    myOwnedBundleIds
  }
`);
