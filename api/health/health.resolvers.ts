import type { AppContext } from '../app-context';
import { readHealth } from './health.query';

export const healthResolvers = (app: AppContext) => ({
  Query: {
    health: () => readHealth(app),
  },
});
