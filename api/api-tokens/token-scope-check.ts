import {
  getOperationAST,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors';
import { graphqlParamsOf } from '../graphql/graphql-over-http';
import { requireScope, type RequestContext } from '../auth/viewer';
import { accessOf, NESTED_FIELD_SCOPES, SESSION_ONLY, type FieldAccess } from './operation-scopes';

/**
 * The schema as far as the walk needs it. Mercurius loads graphql-js as CommonJS and this module as
 * ESM, so graphql's own helpers (TypeInfo, getNamedType), which test types with instanceof, would
 * not recognise the schema's types: the walk reads them by name instead.
 */
type SchemaLike = { getType(name: string): unknown };
type TypeLike = { name?: string; ofType?: TypeLike };
type FieldsLike = { getFields?: () => Record<string, { type: TypeLike }> };

function namedTypeOf(type: TypeLike): string | undefined {
  let current: TypeLike | undefined = type;
  while (current?.ofType) current = current.ofType;
  return current?.name;
}

/** Refuses the field unless the token's scopes allow it (FORBIDDEN naming the scope, or the session). */
function requireAccess(context: RequestContext, access: FieldAccess, field: string): void {
  if (access === SESSION_ONLY) {
    throw new DomainError(
      'FORBIDDEN',
      `${field} is not available with an API token: it is for a signed-in browser session only.`,
    );
  }
  requireScope(context.viewer, access, field);
}

type Walk = {
  schema: SchemaLike;
  context: RequestContext;
  fragments: Map<string, FragmentDefinitionNode>;
  seen: Set<string>;
  rootType: string;
};

/** Checks every field of a selection set on `typeName`, and below it, through fragments too. */
function checkSelections(walk: Walk, selectionSet: SelectionSetNode, typeName: string): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name.startsWith('__')) continue; // introspection: the schema itself is public
      if (typeName === walk.rootType) requireAccess(walk.context, accessOf(typeName, name), name);
      const coordinate = `${typeName}.${name}`;
      const nested = Object.hasOwn(NESTED_FIELD_SCOPES, coordinate)
        ? NESTED_FIELD_SCOPES[coordinate]
        : undefined;
      if (nested) requireAccess(walk.context, nested, coordinate);
      if (!selection.selectionSet) continue;
      const field = (walk.schema.getType(typeName) as FieldsLike | undefined)?.getFields?.()[name];
      const next = field && namedTypeOf(field.type);
      if (next) checkSelections(walk, selection.selectionSet, next);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      checkSelections(walk, selection.selectionSet, selection.typeCondition?.name.value ?? typeName);
    } else if (!walk.seen.has(selection.name.value)) {
      walk.seen.add(selection.name.value);
      const fragment = walk.fragments.get(selection.name.value);
      if (fragment) checkSelections(walk, fragment.selectionSet, fragment.typeCondition.name.value);
    }
  }
}

/**
 * Before a GraphQL operation runs for an API token, every top-level field it asks for (and each
 * nested field of NESTED_FIELD_SCOPES) must be within the token's scopes (operation-scopes.ts); the
 * first one outside them refuses the whole operation with FORBIDDEN naming the missing scope,
 * before any resolver runs. Browser sessions and anonymous visitors are not affected.
 */
export function checkTokenScopes(
  schema: SchemaLike,
  document: DocumentNode,
  context: RequestContext,
  operationName?: string | null,
): void {
  if (context.refusal) throw context.refusal;
  if (!context.viewer?.apiToken) return;
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return; // graphql-js refuses it with its own error
  const rootType =
    operation.operation === 'query'
      ? 'Query'
      : operation.operation === 'mutation'
        ? 'Mutation'
        : 'Subscription';
  const fragments = new Map(
    document.definitions
      .filter(
        (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
      )
      .map((fragment) => [fragment.name.value, fragment]),
  );
  checkSelections(
    { schema, context, fragments, seen: new Set(), rootType },
    operation.selectionSet,
    rootType,
  );
}

/** The check as Mercurius' preExecution hook (api/server.ts). */
export function tokenScopeHook() {
  return async (
    schema: SchemaLike,
    document: DocumentNode,
    context: RequestContext & {
      reply?: { request: FastifyRequest; header(name: string, value: string): unknown };
    },
  ) => {
    const request = context.reply?.request;
    // A script slowed down by the token's limit is told when to try again, as HTTP says.
    if (context.refusal?.code === 'TOO_MANY_REQUESTS') context.reply?.header('retry-after', '60');
    checkTokenScopes(
      schema,
      document,
      context,
      request ? graphqlParamsOf(request)?.operationName : undefined,
    );
  };
}
