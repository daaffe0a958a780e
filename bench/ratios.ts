/** One figure of the summary: the ratio measured, what it should reach, and whether it did. */
type Ratio = { value: number; aim: string; met: boolean };

const atLeast = (value: number, aim: number): Ratio => ({ value, aim: `>= ${aim}`, met: value >= aim });
const atMost = (value: number, aim: number): Ratio => ({ value, aim: `<= ${aim}`, met: value <= aim });

type Figures = {
  eventStore?: {
    appendEventsPerSecond: { toPlainInsertTransactions: { inTransaction: number; groupCommit: number } };
    replay: { replaySpeedShareOfPlain: number };
  };
  skinsList?: {
    withResponseCache: { saturatedToBareRatio: number };
    everyAnswerComputed: { saturatedToBareRatio: number };
    signedIn: {
      skinsPage: { signedInToAnonymousRatio: number; signedIn: { at200: { p99Ms: number } } };
      search: { signedInToAnonymousRatio: number; signedIn: { at200: { p99Ms: number } } };
    };
  };
};

/**
 * The ratios the performance aims are stated in, side by side, from the figures of the same run
 * (docs/performance.md): each part's own output keeps the absolute numbers they come from.
 */
export function ratiosOf(figures: Figures): Record<string, Ratio> {
  const ratios: Record<string, Ratio> = {};
  const { eventStore, skinsList } = figures;
  if (eventStore) {
    const appends = eventStore.appendEventsPerSecond.toPlainInsertTransactions;
    ratios.appendsInTransactionToPlainInserts = atLeast(appends.inTransaction, 1);
    ratios.groupedAppendsToPlainInserts = atLeast(appends.groupCommit, 1);
    ratios.replayToInsertSelectSpeed = atLeast(eventStore.replay.replaySpeedShareOfPlain, 0.25);
  }
  if (skinsList) {
    ratios.cachedListToBareRoute = atLeast(skinsList.withResponseCache.saturatedToBareRatio, 0.5);
    // No aim: what the cache saves.
    const computed = skinsList.everyAnswerComputed.saturatedToBareRatio;
    ratios.computedListToBareRoute = { value: computed, aim: 'none', met: true };
    const { skinsPage, search } = skinsList.signedIn;
    ratios.signedInToAnonymousSkinsPage = atLeast(skinsPage.signedInToAnonymousRatio, 0.5);
    ratios.signedInToAnonymousSearch = atLeast(search.signedInToAnonymousRatio, 0.5);
    ratios.signedInSkinsPageP99MsAt200 = atMost(skinsPage.signedIn.at200.p99Ms, 20);
    ratios.signedInSearchP99MsAt200 = atMost(search.signedIn.at200.p99Ms, 20);
  }
  return ratios;
}
