/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type AvatarInput = {
  content: string;
  filename?: string | null | undefined;
  type?: string | null | undefined;
};

export type PageInput = {
  page: number;
  size: number;
  sortBy?: string | null | undefined;
  sortDirection?: SortDirection | null | undefined;
};

export type PayoutMethod =
  | 'BANK_TRANSFER'
  | 'PAYPAL';

export type SortDirection =
  | 'ASC'
  | 'DESC';

export type UpdateMyUserInput = {
  avatar?: AvatarInput | null | undefined;
  bankAccountBic?: string | null | undefined;
  bankAccountIban?: string | null | undefined;
  city?: string | null | undefined;
  country?: string | null | undefined;
  description?: string | null | undefined;
  discord?: string | null | undefined;
  facebook?: string | null | undefined;
  fullname?: string | null | undefined;
  instagram?: string | null | undefined;
  language?: string | null | undefined;
  payoutMethod?: PayoutMethod | null | undefined;
  paypalAccount?: string | null | undefined;
  street?: string | null | undefined;
  subscribedToNews?: boolean | null | undefined;
  twitch?: string | null | undefined;
  twitter?: string | null | undefined;
  website?: string | null | undefined;
};

export type PrivateUserFieldsFragment = { id: string, url: string, username: string, email: string, fullname: string | null, country: string | null, language: string, description: string | null, facebook: string | null, twitter: string | null, twitch: string | null, instagram: string | null, discord: string | null, website: string | null, subscribedToNews: boolean, payoutMethod: PayoutMethod | null, paypalAccount: string | null, bankAccountIban: string | null, bankAccountBic: string | null, street: string | null, city: string | null, createdAt: string, avatar: { url: string } | null, roles: Array<{ id: string, name: string }> };

export type MyUserQueryVariables = Exact<{ [key: string]: never; }>;


export type MyUserQuery = { myUser: { id: string, url: string, username: string, email: string, fullname: string | null, country: string | null, language: string, description: string | null, facebook: string | null, twitter: string | null, twitch: string | null, instagram: string | null, discord: string | null, website: string | null, subscribedToNews: boolean, payoutMethod: PayoutMethod | null, paypalAccount: string | null, bankAccountIban: string | null, bankAccountBic: string | null, street: string | null, city: string | null, createdAt: string, avatar: { url: string } | null, roles: Array<{ id: string, name: string }> } };

export type UpdateMyUserMutationVariables = Exact<{
  dto: UpdateMyUserInput;
}>;


export type UpdateMyUserMutation = { updateMyUser: { id: string, url: string, username: string, email: string, fullname: string | null, country: string | null, language: string, description: string | null, facebook: string | null, twitter: string | null, twitch: string | null, instagram: string | null, discord: string | null, website: string | null, subscribedToNews: boolean, payoutMethod: PayoutMethod | null, paypalAccount: string | null, bankAccountIban: string | null, bankAccountBic: string | null, street: string | null, city: string | null, createdAt: string, avatar: { url: string } | null, roles: Array<{ id: string, name: string }> } };

export type AdminUsersQueryVariables = Exact<{
  search?: string | null | undefined;
  page: PageInput;
}>;


export type AdminUsersQuery = { users: { pageInfo: { pageNumber: number, pageSize: number, totalPages: number, totalElements: number, numberOfElements: number }, content: Array<{ id: string, url: string, username: string, email: string | null, country: string | null, createdAt: string | null, avatar: { url: string } | null }> } };

export const PrivateUserFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PrivateUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PrivateUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fullname"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"facebook"}},{"kind":"Field","name":{"kind":"Name","value":"twitter"}},{"kind":"Field","name":{"kind":"Name","value":"twitch"}},{"kind":"Field","name":{"kind":"Name","value":"instagram"}},{"kind":"Field","name":{"kind":"Name","value":"discord"}},{"kind":"Field","name":{"kind":"Name","value":"website"}},{"kind":"Field","name":{"kind":"Name","value":"subscribedToNews"}},{"kind":"Field","name":{"kind":"Name","value":"payoutMethod"}},{"kind":"Field","name":{"kind":"Name","value":"paypalAccount"}},{"kind":"Field","name":{"kind":"Name","value":"bankAccountIban"}},{"kind":"Field","name":{"kind":"Name","value":"bankAccountBic"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"roles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<PrivateUserFieldsFragment, unknown>;
export const MyUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyUser"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myUser"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PrivateUserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PrivateUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PrivateUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fullname"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"facebook"}},{"kind":"Field","name":{"kind":"Name","value":"twitter"}},{"kind":"Field","name":{"kind":"Name","value":"twitch"}},{"kind":"Field","name":{"kind":"Name","value":"instagram"}},{"kind":"Field","name":{"kind":"Name","value":"discord"}},{"kind":"Field","name":{"kind":"Name","value":"website"}},{"kind":"Field","name":{"kind":"Name","value":"subscribedToNews"}},{"kind":"Field","name":{"kind":"Name","value":"payoutMethod"}},{"kind":"Field","name":{"kind":"Name","value":"paypalAccount"}},{"kind":"Field","name":{"kind":"Name","value":"bankAccountIban"}},{"kind":"Field","name":{"kind":"Name","value":"bankAccountBic"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"roles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<MyUserQuery, MyUserQueryVariables>;
export const UpdateMyUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMyUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"dto"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMyUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMyUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"dto"},"value":{"kind":"Variable","name":{"kind":"Name","value":"dto"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PrivateUserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PrivateUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PrivateUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fullname"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"facebook"}},{"kind":"Field","name":{"kind":"Name","value":"twitter"}},{"kind":"Field","name":{"kind":"Name","value":"twitch"}},{"kind":"Field","name":{"kind":"Name","value":"instagram"}},{"kind":"Field","name":{"kind":"Name","value":"discord"}},{"kind":"Field","name":{"kind":"Name","value":"website"}},{"kind":"Field","name":{"kind":"Name","value":"subscribedToNews"}},{"kind":"Field","name":{"kind":"Name","value":"payoutMethod"}},{"kind":"Field","name":{"kind":"Name","value":"paypalAccount"}},{"kind":"Field","name":{"kind":"Name","value":"bankAccountIban"}},{"kind":"Field","name":{"kind":"Name","value":"bankAccountBic"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"roles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<UpdateMyUserMutation, UpdateMyUserMutationVariables>;
export const AdminUsersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminUsers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"includeAnonymous"},"value":{"kind":"BooleanValue","value":false}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageNumber"}},{"kind":"Field","name":{"kind":"Name","value":"pageSize"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}},{"kind":"Field","name":{"kind":"Name","value":"totalElements"}},{"kind":"Field","name":{"kind":"Name","value":"numberOfElements"}}]}},{"kind":"Field","name":{"kind":"Name","value":"content"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"avatar"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]}}]}}]} as unknown as DocumentNode<AdminUsersQuery, AdminUsersQueryVariables>;