import { buildSchema, getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { cacheAudienceOf, PER_VIEWER_FIELDS, SHARED_FIELDS } from './cache-audience';
import { typeDefs } from './schema';

const CARD = `fragment Card on Skin { id title price thumbnail { cardUrl } author { username } rating { average totalRatings } }`;

describe('who may share a cached answer', () => {
  it('shares public reads without per-viewer fields with everyone, fragments included', () => {
    expect(cacheAudienceOf(`query L { skins { content { ...Card } } } ${CARD}`, 'L')).toBe('everyone');
    expect(cacheAudienceOf('{ author(url: "a") { createdAt twitter skins { id } } }', undefined)).toBe(
      'everyone',
    );
    expect(cacheAudienceOf('{ comments(skin: 1) { content { text user { username } } } }', null)).toBe(
      'everyone',
    );
  });

  it('keeps a read asking a per-viewer field, however deep or wherever spread, for anonymous visitors', () => {
    expect(cacheAudienceOf('{ skin(url: "a") { rating { usersRating } } }', null)).toBe('anonymous');
    expect(cacheAudienceOf('{ skin(url: "a") { takedown { reason } } }', null)).toBe('anonymous');
    expect(cacheAudienceOf('{ skin(url: "a") { sales } }', null)).toBe('anonymous');
    // The same name is public on Author and private on User: judged by the type it is asked on.
    expect(cacheAudienceOf('{ skins { content { author { createdAt } } } }', null)).toBe('anonymous');
    expect(
      cacheAudienceOf(
        'query Q { bundles { content { skins { ...Own } } } } fragment Own on Skin { rating { usersRating } }',
        'Q',
      ),
    ).toBe('anonymous');
    expect(cacheAudienceOf('{ skins { content { id } } } fragment Unused on User { email }', null)).toBe(
      'anonymous',
    );
    expect(cacheAudienceOf('{ comments(skin: 1) { content { removal { reason } } } }', null)).toBe(
      'anonymous',
    );
  });

  it('caches nothing of mutations, private roots, viewer states and unknown fields', () => {
    expect(cacheAudienceOf('mutation { rateSkin(rating: 5, skinId: 1) { average } }', null)).toBe('nobody');
    expect(cacheAudienceOf('{ skins { content { id } } myUser { email } }', null)).toBe('nobody');
    expect(cacheAudienceOf('{ viewerSkinStates(ids: [1]) { myRating } }', null)).toBe('nobody');
    expect(cacheAudienceOf('query Q { ...Mine } fragment Mine on Query { myOwnedSkinIds }', 'Q')).toBe(
      'nobody',
    );
    expect(cacheAudienceOf('{ skins { content { secret } } }', null)).toBe('nobody');
    expect(cacheAudienceOf('{ skins {', null)).toBe('nobody');
  });

  it('decides per request on a per-viewer field the variables include or skip', () => {
    const COMMENTS = `query C($moderation: Boolean!, $plain: Boolean) { comments(skin: 1) { content {
      text user { username blocked @include(if: $moderation) }
      removal @include(if: $moderation) { reason by { username email } } } } }`;
    expect(cacheAudienceOf(COMMENTS, 'C', { moderation: false })).toBe('everyone');
    expect(cacheAudienceOf(COMMENTS, 'C', { moderation: true })).toBe('anonymous');
    // Left out only when the variable says so explicitly.
    expect(cacheAudienceOf(COMMENTS, 'C', {})).toBe('anonymous');
    expect(cacheAudienceOf(COMMENTS, 'C', null)).toBe('anonymous');
    const SKIPPED = 'query S($hide: Boolean) { skin(url: "a") { rating { usersRating @skip(if: $hide) } } }';
    expect(cacheAudienceOf(SKIPPED, 'S', { hide: true })).toBe('everyone');
    expect(cacheAudienceOf(SKIPPED, 'S', { hide: false })).toBe('anonymous');
    // A literal condition, or one on an enclosing field, is not a gate.
    expect(cacheAudienceOf('{ skin(url: "a") { sales @include(if: false) } }', null)).toBe('anonymous');
    expect(
      cacheAudienceOf(
        'query R($x: Boolean) { skin(url: "a") { rating @include(if: $x) { usersRating } } }',
        'R',
        { x: false },
      ),
    ).toBe('anonymous');
    // An ungated per-viewer field elsewhere keeps the answer for anonymous visitors.
    expect(
      cacheAudienceOf(
        'query M($m: Boolean) { skin(url: "a") { sales @include(if: $m) takedown { reason } } }',
        'M',
        { m: false },
      ),
    ).toBe('anonymous');
  });

  it('judges the operation a request names', () => {
    const document = 'query Mine { myOwnedSkinIds } query List { skins { content { id } } }';
    expect(cacheAudienceOf(document, 'List')).toBe('everyone');
    expect(cacheAudienceOf(document, 'Mine')).toBe('nobody');
    expect(cacheAudienceOf(document, undefined)).toBe('nobody');
  });

  it('has placed every field reachable from the public roots as shared or per-viewer', () => {
    // A new field must be reviewed: added to SHARED_FIELDS when every viewer gets the same answer,
    // to PER_VIEWER_FIELDS (and asked apart by the web app) otherwise.
    const schema = buildSchema(typeDefs);
    const queue: GraphQLObjectType[] = [schema.getQueryType()!];
    const seen = new Set<string>();
    const unplaced: string[] = [];
    const placedTwice: string[] = [];
    while (queue.length > 0) {
      const type = queue.shift()!;
      if (seen.has(type.name)) continue;
      seen.add(type.name);
      for (const field of Object.values(type.getFields())) {
        const shared = SHARED_FIELDS[type.name]?.includes(field.name) ?? false;
        const perViewer = PER_VIEWER_FIELDS[type.name]?.includes(field.name) ?? false;
        // Query's other roots are private (never cached); only the public ones are walked.
        if (type.name === 'Query' && !shared) continue;
        if (shared && perViewer) placedTwice.push(`${type.name}.${field.name}`);
        if (!shared && !perViewer) unplaced.push(`${type.name}.${field.name}`);
        const named = getNamedType(field.type);
        // What a per-viewer field leads to is never in a shared answer.
        if (shared && isObjectType(named)) queue.push(named);
      }
    }
    expect(unplaced).toEqual([]);
    expect(placedTwice).toEqual([]);
    // Every listed name exists, so a renamed field is not silently left out.
    for (const [typeName, fields] of Object.entries({ ...SHARED_FIELDS })) {
      const type = schema.getType(typeName) as GraphQLObjectType;
      for (const field of fields) expect(type.getFields()[field], `${typeName}.${field}`).toBeDefined();
    }
    for (const [typeName, fields] of Object.entries(PER_VIEWER_FIELDS)) {
      const type = schema.getType(typeName) as GraphQLObjectType;
      for (const field of fields) expect(type.getFields()[field], `${typeName}.${field}`).toBeDefined();
    }
  });
});
