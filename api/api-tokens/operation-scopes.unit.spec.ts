import { buildSchema, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES } from '../../domain/api-tokens/api-token.schemas';
import { typeDefs } from '../graphql/schema';
import { accessOf, NESTED_FIELD_SCOPES, OPERATION_SCOPES, SESSION_ONLY } from './operation-scopes';

const schema = buildSchema(typeDefs);
const fieldsOf = (type: 'Query' | 'Mutation') =>
  Object.keys((schema.getType(type) as GraphQLObjectType).getFields()).sort();

describe('the scope of every top-level field', () => {
  it.each(['Query', 'Mutation'] as const)(
    'names a scope (or session only) for every %s field, and no other',
    (type) => {
      expect(Object.keys(OPERATION_SCOPES[type]).sort()).toEqual(fieldsOf(type));
      for (const access of Object.values(OPERATION_SCOPES[type])) {
        expect([...API_TOKEN_SCOPES, SESSION_ONLY]).toContain(access);
      }
    },
  );

  it('names only nested fields that exist', () => {
    for (const coordinate of Object.keys(NESTED_FIELD_SCOPES)) {
      const [type, field] = coordinate.split('.') as [string, string];
      expect(
        (schema.getType(type) as GraphQLObjectType | undefined)?.getFields()[field],
        coordinate,
      ).toBeDefined();
    }
  });

  it('never lets a read scope change anything', () => {
    for (const access of Object.values(OPERATION_SCOPES.Mutation)) expect(access).not.toMatch(/:read$/);
  });

  it('closes a field it does not know to tokens', () => {
    expect(accessOf('Query', 'somethingNew')).toBe(SESSION_ONLY);
    expect(accessOf('Subscription', 'skins')).toBe(SESSION_ONLY);
    expect(accessOf('Query', 'constructor')).toBe(SESSION_ONLY);
    expect(accessOf('Query', 'skins')).toBe('public:read');
  });
});
