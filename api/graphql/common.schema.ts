import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** Types every feature shares (api-contract.md, "Common GraphQL types"). Features `extend type Query`. */
export const commonSchema = /* GraphQL */ `
  scalar Long

  enum GameType {
    TM2020
    TMNF
    TM_TURBO
    TM2
    TMUF
    TM_SUNRISE
    TM
  }
  enum SortDirection {
    ASC
    DESC
  }
  enum PaymentStatus {
    BEFORE_CHECKOUT
    PAYMENT_ON_THE_WAY
    PAYMENT_PENDING
    PAYMENT_RECEIVED
    CANCELLED
    REFUNDED
  }
  enum PayoutStatus {
    PENDING
    LOCKED
    SENT
    ERROR
  }
  enum PayoutMethod {
    BANK_TRANSFER
    PAYPAL
  }
  enum PaymentType {
    BANK_TRANSFER
    PAYPAL
    STRIPE
  }
  enum ResourceType {
    IMAGE
    SKIN_SOURCE
  }

  input PageInput {
    page: Int!
    size: Int!
    sortBy: String
    sortDirection: SortDirection
  }
  type PageInfo {
    pageNumber: Int!
    pageSize: Int!
    totalPages: Int!
    totalElements: Int!
    numberOfElements: Int!
  }
  type MutationResult {
    id: ID!
    success: Boolean!
  }

  type Query
  type Mutation
`;

function toLong(value: unknown): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new GraphQLError('Long must be a whole number.', { extensions: { code: 'BAD_USER_INPUT' } });
  }
  return number;
}

/** Numeric ids such as `rateSkin(skinId: Long!)`: whole numbers within JavaScript's safe range. */
export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  serialize: toLong,
  parseValue: toLong,
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.STRING) {
      throw new GraphQLError('Long must be a whole number.', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return toLong(ast.value);
  },
});
