import {
  buildSchema,
  Kind,
  parse,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { typeDefs } from './schema';

/**
 * Who may be served the cached answer of a GraphQL operation:
 * - `everyone`: a read of the public catalogue asking no per-viewer field; its answer is the same
 *   for anonymous visitors and for signed-in viewers who see no more of the catalogue than they do
 *   (the response cache decides who those are);
 * - `anonymous`: a read of the public catalogue that asks a per-viewer field (a viewer's own vote,
 *   a field shown to admins or to its owner): only anonymous visitors share its answer;
 * - `nobody`: anything else (mutations, a viewer's own data, admin lists, documents that do not parse).
 */
export type CacheAudience = 'everyone' | 'anonymous' | 'nobody';

/**
 * The fields whose answer is the same for every viewer who sees what anonymous visitors see, by
 * type; Query lists the public catalogue's roots. A field left out of this map counts as per-viewer,
 * so a new field stays out of the shared answers until it is added here (the unit test beside this
 * module lists every field reachable from these roots and fails until it is placed).
 */
export const SHARED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Query: [
    'skins',
    'skin',
    'skinsById',
    'mostDownloadedSkins',
    'skinOfTheMonth',
    'skinOfTheMonthHistory',
    'bundles',
    'bundle',
    'bundlesById',
    'authors',
    'author',
    'comments',
    'tags',
  ],
  PageInfo: ['pageNumber', 'pageSize', 'totalPages', 'totalElements', 'numberOfElements'],
  SkinPage: ['pageInfo', 'content'],
  BundlePage: ['pageInfo', 'content'],
  AuthorPage: ['pageInfo', 'content'],
  CommentPage: ['pageInfo', 'content'],
  Skin: [
    'id',
    'url',
    'title',
    'description',
    'type',
    'published',
    'availableAlone',
    'videoUrl',
    'colorPrimary',
    'colorSecondary',
    'createdAt',
    'modifiedAt',
    'archive',
    'deletedAt',
    'price',
    'rating',
    'author',
    'resources',
    'thumbnail',
    'colorVariations',
    'downloads',
    'bundles',
    'moreFromAuthor',
    'payWhatYouWant',
    'tags',
    'versions',
    'verifiedRatings',
    'coAuthors',
    // The sale running now: the same for everyone; the cache is emptied when a sale starts or stops.
    'sale',
  ],
  RunningSale: [
    'id',
    'name',
    'salePrice',
    'regularPrice',
    'referencePrice',
    'percentOff',
    'startsAt',
    'endsAt',
  ],
  SkinVersion: ['version', 'changelog', 'publishedAt', 'size', 'current', 'downloadUrl'],
  SkinOfTheMonthEntry: ['month', 'votes', 'average', 'skin'],
  Rating: ['average', 'totalRatings'],
  Resource: [
    'id',
    'title',
    'description',
    'filename',
    'type',
    'order',
    'url',
    'cardUrl',
    'previewUrl',
    'width',
    'height',
  ],
  ColorVariation: [
    'id',
    'url',
    'title',
    'colors',
    'colorPrimary',
    'colorSecondary',
    'availableAlone',
    'resources',
  ],
  DownloadCount: ['total', 'unique'],
  SkinArchive: ['sizeBytes', 'files'],
  SkinArchiveFile: ['name', 'sizeBytes'],
  Bundle: [
    'id',
    'url',
    'title',
    'description',
    'type',
    'published',
    'videoUrl',
    'createdAt',
    'deletedAt',
    'price',
    'author',
    'resources',
    'thumbnail',
    'skins',
    'savings',
    'payWhatYouWant',
    'sale',
    'coAuthors',
  ],
  Author: [
    'id',
    'url',
    'username',
    'country',
    'avatar',
    'description',
    'facebook',
    'twitter',
    'twitch',
    'instagram',
    'discord',
    'website',
    'createdAt',
    'skinCount',
    'skins',
    'downloadCount',
    'rating',
    'bundleCount',
    'sampleSkins',
    'bundles',
    'followerCount',
    'coAuthoredSkins',
    'coAuthoredBundles',
  ],
  AuthorRating: ['average', 'totalRatings'],
  User: ['id', 'url', 'username', 'country', 'avatar'],
  Avatar: ['filename', 'url', 'type', 'content'],
  Comment: ['id', 'text', 'createdAt', 'user', 'author', 'skin', 'bundle', 'verified'],
  TagCount: ['tag', 'count'],
  Tag: ['id', 'slug', 'name', 'group', 'position', 'retired'],
};

/**
 * The fields of those types whose answer depends on who asks (the web app asks them apart, e.g.
 * viewerSkinStates). Kept as a list so that the unit test can tell a reviewed per-viewer field from
 * a new one nobody placed yet.
 */
export const PER_VIEWER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // The viewer's own vote.
  Rating: ['usersRating'],
  // Shown to admins and to the user themselves.
  User: [
    'email',
    'createdAt',
    'modifiedAt',
    'facebook',
    'twitter',
    'twitch',
    'instagram',
    'discord',
    'website',
    'anonymous',
    'roles',
    'blocked',
    'block',
  ],
  // The author's and admins' only.
  Skin: ['sales', 'takedown'],
  Bundle: ['takedown'],
  // Admins only.
  Comment: ['removal'],
};

const shared = new Map(Object.entries(SHARED_FIELDS).map(([type, fields]) => [type, new Set(fields)]));
const publicRoots = shared.get('Query')!;
const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

let schema: GraphQLSchema | null = null;
/** Built on first use: the same SDL the GraphQL route serves. */
function schemaOf(): GraphQLSchema {
  schema ??= buildSchema(typeDefs);
  return schema;
}

/** The operation a request runs: the only one, or the one named. */
function operationOf(document: DocumentNode, operationName: unknown): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return operations.length === 1 ? operations[0] : operations.find((o) => o.name?.value === operationName);
}

/**
 * A per-viewer field the operation asks only as a variable says: `@include(if: $v)` asks it when v
 * is true, `@skip(if: $v)` when v is false.
 */
export type Gate = { variable: string; askedWhen: boolean };
/** An operation's audience, and the gates of the per-viewer fields it asks only conditionally. */
export type Classification = { audience: CacheAudience; gates: readonly Gate[] };

/** The variable gating a field, when the field itself carries `@include(if: $v)` or `@skip(if: $v)`. */
function gateOf(node: FieldNode): Gate | null {
  for (const directive of node.directives ?? []) {
    const name = directive.name.value;
    const condition = directive.arguments?.find((argument) => argument.name.value === 'if')?.value;
    if ((name === 'include' || name === 'skip') && condition?.kind === Kind.VARIABLE) {
      return { variable: condition.name.value, askedWhen: name === 'include' };
    }
  }
  return null;
}

/**
 * Classifies an operation by a static walk of its selections and of every fragment of the document
 * (a spread fragment counts whether or not a directive skips it; an unused one counts too, which
 * only ever makes the answer less shared). Fields are judged by the type they are asked on. A
 * per-viewer field carrying its own `@include`/`@skip` on a variable is a gate, decided per request.
 */
export function classifyOperation(query: string, operationName: unknown): Classification {
  const nobody: Classification = { audience: 'nobody', gates: [] };
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return nobody;
  }
  const operation = operationOf(document, operationName);
  if (operation?.operation !== 'query') return nobody;
  // Fragments spread at the root could hide a private root field from the check below.
  const rootIsPublic = operation.selectionSet.selections.every(
    (selection) =>
      selection.kind === Kind.FIELD &&
      (publicRoots.has(selection.name.value) || selection.name.value === '__typename'),
  );
  if (!rootIsPublic) return nobody;
  const fragments = document.definitions.filter(
    (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
  );
  const typeInfo = new TypeInfo(schemaOf());
  let audience: CacheAudience = 'everyone';
  const gates: Gate[] = [];
  visit(
    { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] },
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (node.name.value === '__typename') return undefined;
        const parent = typeInfo.getParentType()?.name;
        // Unknown types or fields fail validation; their answers are errors, never kept.
        if (!parent || !typeInfo.getFieldDef()) audience = 'nobody';
        else if (ROOT_TYPES.has(parent) && !publicRoots.has(node.name.value)) audience = 'nobody';
        else if (!shared.get(parent)?.has(node.name.value)) {
          const gate = gateOf(node);
          if (gate) gates.push(gate);
          else if (audience === 'everyone') audience = 'anonymous';
          // What a per-viewer field holds is asked only with it.
          return false;
        }
        return undefined;
      },
    }),
  );
  return { audience, gates: audience === 'everyone' ? gates : [] };
}

/**
 * Who may share one request's answer: a gated per-viewer field counts unless the request's
 * variables leave it out explicitly (a default value is not looked at: the field then counts).
 */
export function audienceWith(classification: Classification, variables: unknown): CacheAudience {
  if (classification.gates.length === 0) return classification.audience;
  const values = (variables ?? {}) as Record<string, unknown>;
  const asked = classification.gates.some((gate) => values[gate.variable] !== !gate.askedWhen);
  return asked ? 'anonymous' : classification.audience;
}

/** The audience of an operation with the given variables. */
export function cacheAudienceOf(query: string, operationName: unknown, variables?: unknown): CacheAudience {
  return audienceWith(classifyOperation(query, operationName), variables);
}
