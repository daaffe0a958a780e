/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment PrivateUserFields on PrivateUser {\n    id\n    url\n    username\n    email\n    fullname\n    country\n    language\n    avatar {\n      url\n    }\n    description\n    facebook\n    twitter\n    twitch\n    instagram\n    discord\n    website\n    subscribedToNews\n    payoutMethod\n    paypalAccount\n    bankAccountIban\n    bankAccountBic\n    street\n    city\n    roles {\n      id\n      name\n    }\n    createdAt\n    authorStats {\n      skins\n      paidSkins\n    }\n  }\n": typeof types.PrivateUserFieldsFragmentDoc,
    "\n  query MyUser {\n    myUser {\n      ...PrivateUserFields\n    }\n  }\n": typeof types.MyUserDocument,
    "\n  mutation UpdateMyUser($dto: UpdateMyUserInput!) {\n    updateMyUser(dto: $dto) {\n      ...PrivateUserFields\n    }\n  }\n": typeof types.UpdateMyUserDocument,
    "\n  query AdminUsers($search: String, $page: PageInput!) {\n    users(search: $search, includeAnonymous: false, page: $page) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n        numberOfElements\n      }\n      content {\n        id\n        url\n        username\n        email\n        country\n        createdAt\n        avatar {\n          url\n        }\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  query BundlesList($search: String, $page: PageInput!, $type: GameType) {\n    bundles(search: $search, page: $page, type: $type) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n      }\n      content {\n        ...BundleCardFields\n      }\n    }\n  }\n": typeof types.BundlesListDocument,
    "\n  query BundleDetail($url: String!) {\n    bundle(url: $url) {\n      id\n      url\n      title\n      description\n      type\n      published\n      videoUrl\n      createdAt\n      price\n      author {\n        id\n        url\n        username\n        country\n        avatar {\n          url\n        }\n      }\n      resources {\n        id\n        type\n        order\n        title\n        url\n        cardUrl\n        previewUrl\n        width\n        height\n      }\n      skins {\n        ...SkinCardFields\n      }\n    }\n  }\n": typeof types.BundleDetailDocument,
    "\n  query HomeSkins {\n    trending: mostDownloadedSkins(page: { page: 0, size: 3 }) {\n      content {\n        ...SkinCardFields\n      }\n    }\n    latest: skins(page: { page: 0, size: 3, sortBy: \"createdAt\", sortDirection: DESC }) {\n      content {\n        ...SkinCardFields\n      }\n    }\n  }\n": typeof types.HomeSkinsDocument,
    "\n  query SkinsList($search: String, $page: PageInput!, $type: GameType) {\n    skins(search: $search, page: $page, type: $type) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n      }\n      content {\n        ...SkinCardFields\n      }\n    }\n  }\n": typeof types.SkinsListDocument,
    "\n  query SkinDetail($url: String!) {\n    skin(url: $url) {\n      id\n      url\n      title\n      description\n      type\n      published\n      videoUrl\n      colorPrimary\n      colorSecondary\n      createdAt\n      price\n      author {\n        id\n        url\n        username\n        country\n        avatar {\n          url\n        }\n      }\n      rating {\n        average\n        totalRatings\n        usersRating\n      }\n      resources {\n        id\n        type\n        order\n        title\n        url\n        cardUrl\n        previewUrl\n        width\n        height\n      }\n      colorVariations {\n        id\n        url\n        title\n        colors\n      }\n      downloads {\n        total\n      }\n    }\n  }\n": typeof types.SkinDetailDocument,
    "\n  mutation RateSkin($rating: Int!, $skinId: Long!) {\n    rateSkin(rating: $rating, skinId: $skinId) {\n      average\n      totalRatings\n      usersRating\n    }\n  }\n": typeof types.RateSkinDocument,
    "\n  query SkinComments($skin: ID!, $page: PageInput!) {\n    comments(skin: $skin, page: $page) {\n      pageInfo {\n        pageNumber\n        totalPages\n        totalElements\n      }\n      content {\n        id\n        text\n        createdAt\n        user {\n          id\n          url\n          username\n          country\n          avatar {\n            url\n          }\n        }\n      }\n    }\n  }\n": typeof types.SkinCommentsDocument,
    "\n  fragment BundleCardFields on Bundle {\n    id\n    url\n    title\n    description\n    type\n    price\n    published\n    thumbnail {\n      id\n      cardUrl\n    }\n    author {\n      id\n      url\n      username\n      country\n    }\n    skins {\n      id\n      price\n    }\n  }\n": typeof types.BundleCardFieldsFragmentDoc,
    "\n  query BundleContents($url: String!) {\n    bundle(url: $url) {\n      id\n      skins {\n        ...SkinCardFields\n      }\n    }\n  }\n": typeof types.BundleContentsDocument,
    "\n  fragment SkinCardFields on Skin {\n    id\n    url\n    title\n    type\n    price\n    published\n    thumbnail {\n      id\n      cardUrl\n    }\n    author {\n      id\n      url\n      username\n      country\n    }\n    rating {\n      average\n      totalRatings\n    }\n  }\n": typeof types.SkinCardFieldsFragmentDoc,
};
const documents: Documents = {
    "\n  fragment PrivateUserFields on PrivateUser {\n    id\n    url\n    username\n    email\n    fullname\n    country\n    language\n    avatar {\n      url\n    }\n    description\n    facebook\n    twitter\n    twitch\n    instagram\n    discord\n    website\n    subscribedToNews\n    payoutMethod\n    paypalAccount\n    bankAccountIban\n    bankAccountBic\n    street\n    city\n    roles {\n      id\n      name\n    }\n    createdAt\n    authorStats {\n      skins\n      paidSkins\n    }\n  }\n": types.PrivateUserFieldsFragmentDoc,
    "\n  query MyUser {\n    myUser {\n      ...PrivateUserFields\n    }\n  }\n": types.MyUserDocument,
    "\n  mutation UpdateMyUser($dto: UpdateMyUserInput!) {\n    updateMyUser(dto: $dto) {\n      ...PrivateUserFields\n    }\n  }\n": types.UpdateMyUserDocument,
    "\n  query AdminUsers($search: String, $page: PageInput!) {\n    users(search: $search, includeAnonymous: false, page: $page) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n        numberOfElements\n      }\n      content {\n        id\n        url\n        username\n        email\n        country\n        createdAt\n        avatar {\n          url\n        }\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  query BundlesList($search: String, $page: PageInput!, $type: GameType) {\n    bundles(search: $search, page: $page, type: $type) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n      }\n      content {\n        ...BundleCardFields\n      }\n    }\n  }\n": types.BundlesListDocument,
    "\n  query BundleDetail($url: String!) {\n    bundle(url: $url) {\n      id\n      url\n      title\n      description\n      type\n      published\n      videoUrl\n      createdAt\n      price\n      author {\n        id\n        url\n        username\n        country\n        avatar {\n          url\n        }\n      }\n      resources {\n        id\n        type\n        order\n        title\n        url\n        cardUrl\n        previewUrl\n        width\n        height\n      }\n      skins {\n        ...SkinCardFields\n      }\n    }\n  }\n": types.BundleDetailDocument,
    "\n  query HomeSkins {\n    trending: mostDownloadedSkins(page: { page: 0, size: 3 }) {\n      content {\n        ...SkinCardFields\n      }\n    }\n    latest: skins(page: { page: 0, size: 3, sortBy: \"createdAt\", sortDirection: DESC }) {\n      content {\n        ...SkinCardFields\n      }\n    }\n  }\n": types.HomeSkinsDocument,
    "\n  query SkinsList($search: String, $page: PageInput!, $type: GameType) {\n    skins(search: $search, page: $page, type: $type) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n      }\n      content {\n        ...SkinCardFields\n      }\n    }\n  }\n": types.SkinsListDocument,
    "\n  query SkinDetail($url: String!) {\n    skin(url: $url) {\n      id\n      url\n      title\n      description\n      type\n      published\n      videoUrl\n      colorPrimary\n      colorSecondary\n      createdAt\n      price\n      author {\n        id\n        url\n        username\n        country\n        avatar {\n          url\n        }\n      }\n      rating {\n        average\n        totalRatings\n        usersRating\n      }\n      resources {\n        id\n        type\n        order\n        title\n        url\n        cardUrl\n        previewUrl\n        width\n        height\n      }\n      colorVariations {\n        id\n        url\n        title\n        colors\n      }\n      downloads {\n        total\n      }\n    }\n  }\n": types.SkinDetailDocument,
    "\n  mutation RateSkin($rating: Int!, $skinId: Long!) {\n    rateSkin(rating: $rating, skinId: $skinId) {\n      average\n      totalRatings\n      usersRating\n    }\n  }\n": types.RateSkinDocument,
    "\n  query SkinComments($skin: ID!, $page: PageInput!) {\n    comments(skin: $skin, page: $page) {\n      pageInfo {\n        pageNumber\n        totalPages\n        totalElements\n      }\n      content {\n        id\n        text\n        createdAt\n        user {\n          id\n          url\n          username\n          country\n          avatar {\n            url\n          }\n        }\n      }\n    }\n  }\n": types.SkinCommentsDocument,
    "\n  fragment BundleCardFields on Bundle {\n    id\n    url\n    title\n    description\n    type\n    price\n    published\n    thumbnail {\n      id\n      cardUrl\n    }\n    author {\n      id\n      url\n      username\n      country\n    }\n    skins {\n      id\n      price\n    }\n  }\n": types.BundleCardFieldsFragmentDoc,
    "\n  query BundleContents($url: String!) {\n    bundle(url: $url) {\n      id\n      skins {\n        ...SkinCardFields\n      }\n    }\n  }\n": types.BundleContentsDocument,
    "\n  fragment SkinCardFields on Skin {\n    id\n    url\n    title\n    type\n    price\n    published\n    thumbnail {\n      id\n      cardUrl\n    }\n    author {\n      id\n      url\n      username\n      country\n    }\n    rating {\n      average\n      totalRatings\n    }\n  }\n": types.SkinCardFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PrivateUserFields on PrivateUser {\n    id\n    url\n    username\n    email\n    fullname\n    country\n    language\n    avatar {\n      url\n    }\n    description\n    facebook\n    twitter\n    twitch\n    instagram\n    discord\n    website\n    subscribedToNews\n    payoutMethod\n    paypalAccount\n    bankAccountIban\n    bankAccountBic\n    street\n    city\n    roles {\n      id\n      name\n    }\n    createdAt\n    authorStats {\n      skins\n      paidSkins\n    }\n  }\n"): (typeof documents)["\n  fragment PrivateUserFields on PrivateUser {\n    id\n    url\n    username\n    email\n    fullname\n    country\n    language\n    avatar {\n      url\n    }\n    description\n    facebook\n    twitter\n    twitch\n    instagram\n    discord\n    website\n    subscribedToNews\n    payoutMethod\n    paypalAccount\n    bankAccountIban\n    bankAccountBic\n    street\n    city\n    roles {\n      id\n      name\n    }\n    createdAt\n    authorStats {\n      skins\n      paidSkins\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyUser {\n    myUser {\n      ...PrivateUserFields\n    }\n  }\n"): (typeof documents)["\n  query MyUser {\n    myUser {\n      ...PrivateUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMyUser($dto: UpdateMyUserInput!) {\n    updateMyUser(dto: $dto) {\n      ...PrivateUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMyUser($dto: UpdateMyUserInput!) {\n    updateMyUser(dto: $dto) {\n      ...PrivateUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($search: String, $page: PageInput!) {\n    users(search: $search, includeAnonymous: false, page: $page) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n        numberOfElements\n      }\n      content {\n        id\n        url\n        username\n        email\n        country\n        createdAt\n        avatar {\n          url\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($search: String, $page: PageInput!) {\n    users(search: $search, includeAnonymous: false, page: $page) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n        numberOfElements\n      }\n      content {\n        id\n        url\n        username\n        email\n        country\n        createdAt\n        avatar {\n          url\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BundlesList($search: String, $page: PageInput!, $type: GameType) {\n    bundles(search: $search, page: $page, type: $type) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n      }\n      content {\n        ...BundleCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query BundlesList($search: String, $page: PageInput!, $type: GameType) {\n    bundles(search: $search, page: $page, type: $type) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n      }\n      content {\n        ...BundleCardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BundleDetail($url: String!) {\n    bundle(url: $url) {\n      id\n      url\n      title\n      description\n      type\n      published\n      videoUrl\n      createdAt\n      price\n      author {\n        id\n        url\n        username\n        country\n        avatar {\n          url\n        }\n      }\n      resources {\n        id\n        type\n        order\n        title\n        url\n        cardUrl\n        previewUrl\n        width\n        height\n      }\n      skins {\n        ...SkinCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query BundleDetail($url: String!) {\n    bundle(url: $url) {\n      id\n      url\n      title\n      description\n      type\n      published\n      videoUrl\n      createdAt\n      price\n      author {\n        id\n        url\n        username\n        country\n        avatar {\n          url\n        }\n      }\n      resources {\n        id\n        type\n        order\n        title\n        url\n        cardUrl\n        previewUrl\n        width\n        height\n      }\n      skins {\n        ...SkinCardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeSkins {\n    trending: mostDownloadedSkins(page: { page: 0, size: 3 }) {\n      content {\n        ...SkinCardFields\n      }\n    }\n    latest: skins(page: { page: 0, size: 3, sortBy: \"createdAt\", sortDirection: DESC }) {\n      content {\n        ...SkinCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeSkins {\n    trending: mostDownloadedSkins(page: { page: 0, size: 3 }) {\n      content {\n        ...SkinCardFields\n      }\n    }\n    latest: skins(page: { page: 0, size: 3, sortBy: \"createdAt\", sortDirection: DESC }) {\n      content {\n        ...SkinCardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkinsList($search: String, $page: PageInput!, $type: GameType) {\n    skins(search: $search, page: $page, type: $type) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n      }\n      content {\n        ...SkinCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkinsList($search: String, $page: PageInput!, $type: GameType) {\n    skins(search: $search, page: $page, type: $type) {\n      pageInfo {\n        pageNumber\n        pageSize\n        totalPages\n        totalElements\n      }\n      content {\n        ...SkinCardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkinDetail($url: String!) {\n    skin(url: $url) {\n      id\n      url\n      title\n      description\n      type\n      published\n      videoUrl\n      colorPrimary\n      colorSecondary\n      createdAt\n      price\n      author {\n        id\n        url\n        username\n        country\n        avatar {\n          url\n        }\n      }\n      rating {\n        average\n        totalRatings\n        usersRating\n      }\n      resources {\n        id\n        type\n        order\n        title\n        url\n        cardUrl\n        previewUrl\n        width\n        height\n      }\n      colorVariations {\n        id\n        url\n        title\n        colors\n      }\n      downloads {\n        total\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkinDetail($url: String!) {\n    skin(url: $url) {\n      id\n      url\n      title\n      description\n      type\n      published\n      videoUrl\n      colorPrimary\n      colorSecondary\n      createdAt\n      price\n      author {\n        id\n        url\n        username\n        country\n        avatar {\n          url\n        }\n      }\n      rating {\n        average\n        totalRatings\n        usersRating\n      }\n      resources {\n        id\n        type\n        order\n        title\n        url\n        cardUrl\n        previewUrl\n        width\n        height\n      }\n      colorVariations {\n        id\n        url\n        title\n        colors\n      }\n      downloads {\n        total\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RateSkin($rating: Int!, $skinId: Long!) {\n    rateSkin(rating: $rating, skinId: $skinId) {\n      average\n      totalRatings\n      usersRating\n    }\n  }\n"): (typeof documents)["\n  mutation RateSkin($rating: Int!, $skinId: Long!) {\n    rateSkin(rating: $rating, skinId: $skinId) {\n      average\n      totalRatings\n      usersRating\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkinComments($skin: ID!, $page: PageInput!) {\n    comments(skin: $skin, page: $page) {\n      pageInfo {\n        pageNumber\n        totalPages\n        totalElements\n      }\n      content {\n        id\n        text\n        createdAt\n        user {\n          id\n          url\n          username\n          country\n          avatar {\n            url\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkinComments($skin: ID!, $page: PageInput!) {\n    comments(skin: $skin, page: $page) {\n      pageInfo {\n        pageNumber\n        totalPages\n        totalElements\n      }\n      content {\n        id\n        text\n        createdAt\n        user {\n          id\n          url\n          username\n          country\n          avatar {\n            url\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BundleCardFields on Bundle {\n    id\n    url\n    title\n    description\n    type\n    price\n    published\n    thumbnail {\n      id\n      cardUrl\n    }\n    author {\n      id\n      url\n      username\n      country\n    }\n    skins {\n      id\n      price\n    }\n  }\n"): (typeof documents)["\n  fragment BundleCardFields on Bundle {\n    id\n    url\n    title\n    description\n    type\n    price\n    published\n    thumbnail {\n      id\n      cardUrl\n    }\n    author {\n      id\n      url\n      username\n      country\n    }\n    skins {\n      id\n      price\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BundleContents($url: String!) {\n    bundle(url: $url) {\n      id\n      skins {\n        ...SkinCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query BundleContents($url: String!) {\n    bundle(url: $url) {\n      id\n      skins {\n        ...SkinCardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SkinCardFields on Skin {\n    id\n    url\n    title\n    type\n    price\n    published\n    thumbnail {\n      id\n      cardUrl\n    }\n    author {\n      id\n      url\n      username\n      country\n    }\n    rating {\n      average\n      totalRatings\n    }\n  }\n"): (typeof documents)["\n  fragment SkinCardFields on Skin {\n    id\n    url\n    title\n    type\n    price\n    published\n    thumbnail {\n      id\n      cardUrl\n    }\n    author {\n      id\n      url\n      username\n      country\n    }\n    rating {\n      average\n      totalRatings\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;