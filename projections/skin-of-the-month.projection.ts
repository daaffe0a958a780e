import { sql } from 'slonik';
import type { SkinOfTheMonthChosen } from '../domain/skin-of-the-month/skin-of-the-month';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

const isChoice = isEventOf<SkinOfTheMonthChosen>(['SkinOfTheMonthChosen']);

export const skinOfTheMonthProjection: RebuildableProjection = {
  name: 'skin-of-the-month',
  mode: 'inline',
  eventTypes: ['SkinOfTheMonthChosen'],
  tables: [{ name: 'skin_of_the_month' }],
  async apply(tx, events) {
    for (const event of events.filter(isChoice)) {
      const { data } = event;
      await tx.query(sql.unsafe`
        insert into skin_of_the_month (month, skin_id, votes, average, score, chosen_at)
        values (${data.month}, ${data.skinId}, ${data.votes}, ${data.average}, ${data.score}, ${event.recordedAt.toISOString()})
        on conflict (month) do update set skin_id = excluded.skin_id, votes = excluded.votes,
          average = excluded.average, score = excluded.score, chosen_at = excluded.chosen_at`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate skin_of_the_month`);
  },
};
