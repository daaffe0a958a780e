import { sql } from 'slonik';
import { DEFAULT_OWNER_WEIGHT } from '../domain/co-authors/co-author.decider';
import { CO_AUTHOR_EVENT_TYPES, type CoAuthorEvent } from '../domain/co-authors/co-author.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

const isCoAuthorEvent = isEventOf<CoAuthorEvent>(CO_AUTHOR_EVENT_TYPES);

/**
 * Who the authors of each co-authored item are (`item_authors`), in the command's own transaction:
 * the owner sees the invitation at once, and the checkout reads the accepted authors and weights
 * from here. Co-author events are rare (a handful per item), so each is applied by its own small
 * statement, in feed order.
 */
export const coAuthorsProjection: RebuildableProjection = {
  name: 'co-authors',
  mode: 'inline',
  eventTypes: CO_AUTHOR_EVENT_TYPES,
  tables: [{ name: 'item_authors' }],
  async apply(tx, events) {
    for (const event of events.filter(isCoAuthorEvent)) {
      const { itemType, itemId } = event.data;
      switch (event.type) {
        case 'CoAuthorInvited':
          // The owner's row appears with the first invitation, at the owner's default weight.
          await tx.query(sql.unsafe`
            insert into item_authors (item_type, item_id, author_id, role, weight)
            values (${itemType}, ${itemId}, ${event.data.ownerId}, 'OWNER', ${DEFAULT_OWNER_WEIGHT})
            on conflict do nothing`);
          await tx.query(sql.unsafe`
            insert into item_authors (item_type, item_id, author_id, role, weight, invited_at)
            values (${itemType}, ${itemId}, ${event.data.authorId}, 'INVITED', ${event.data.weight},
                    ${event.data.invitedAt})`);
          break;
        case 'CoAuthorAccepted':
          await tx.query(sql.unsafe`
            update item_authors set role = 'ACCEPTED', weight = ${event.data.weight},
                                    accepted_at = ${event.data.acceptedAt}
            where item_type = ${itemType} and item_id = ${itemId} and author_id = ${event.data.authorId}`);
          break;
        case 'CoAuthorDeclined':
        case 'CoAuthorRemoved':
          await tx.query(sql.unsafe`
            delete from item_authors
            where item_type = ${itemType} and item_id = ${itemId} and author_id = ${event.data.authorId}
              and role <> 'OWNER'`);
          break;
        case 'CoAuthorWeightsChanged':
          await tx.query(sql.unsafe`
            update item_authors a set weight = x.weight
            from json_to_recordset(${jsonRows(event.data.weights)}) as x("authorId" bigint, weight int)
            where a.item_type = ${itemType} and a.item_id = ${itemId} and a.author_id = x."authorId"`);
          break;
      }
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate item_authors`);
  },
};
