import type { Projection } from '../infra/projection-engine/projection';
import { eventActivityProjection } from './event-activity.projection';

/** Every read model built from events, by name: the API, the runner and `npm run replay` use this list. */
export const projections: readonly Projection[] = [eventActivityProjection];
