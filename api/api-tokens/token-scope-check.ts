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
import { accessOf, SESSION_ONLY } from './operation-scopes';

/** The top-level field names of a selection set, through fragments and inline fragments. */
function rootFieldsOf(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): string[] {
  const fields: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      fields.push(...rootFieldsOf(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) fields.push(...rootFieldsOf(fragment.selectionSet, fragments, seen));
    }
  }
  return fields;
}

/**
 * Before a GraphQL operation runs for an API token, every top-level field it asks for must be
 * within the token's scopes (operation-scopes.ts); the first one outside them refuses the whole
 * operation with FORBIDDEN naming the missing scope, before any resolver runs. Browser sessions
 * and anonymous visitors are not affected.
 */
export function checkTokenScopes(
  document: DocumentNode,
  context: RequestContext,
  operationName?: string | null,
): void {
  if (context.refusal) throw context.refusal;
  const viewer = context.viewer;
  if (!viewer?.apiToken) return;
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
  for (const field of rootFieldsOf(operation.selectionSet, fragments)) {
    if (field.startsWith('__')) continue; // introspection: the schema itself is public
    const access = accessOf(rootType, field);
    if (access === SESSION_ONLY) {
      throw new DomainError(
        'FORBIDDEN',
        `${field} is not available with an API token: it is for a signed-in browser session only.`,
      );
    }
    requireScope(viewer, access, field);
  }
}

/** The check as Mercurius' preExecution hook (api/server.ts). */
export function tokenScopeHook() {
  return async (
    _schema: unknown,
    document: DocumentNode,
    context: RequestContext & {
      reply?: { request: FastifyRequest; header(name: string, value: string): unknown };
    },
  ) => {
    const request = context.reply?.request;
    // A script slowed down by the token's limit is told when to try again, as HTTP says.
    if (context.refusal?.code === 'TOO_MANY_REQUESTS') context.reply?.header('retry-after', '60');
    checkTokenScopes(document, context, request ? graphqlParamsOf(request)?.operationName : undefined);
  };
}
