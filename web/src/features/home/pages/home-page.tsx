import { Container } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from 'urql';
import { usePurchaseResult } from '../../../shared/cart';
import { siteMessages } from '../../../shared/messages/site.messages';
import { PurchaseResultBanner } from '../../../shared/ui';
import { Hero } from '../components/hero';
import { SkinOfTheMonth } from '../components/skin-of-the-month';
import { SkinShowcase } from '../components/skin-showcase';
import { TaglineBlock } from '../components/tagline-block';
import { homeMessages } from '../home.messages';
import { HomeSkinsQuery } from '../lib/home.documents';

// Only signed-in viewers follow anyone: the row (empty for visitors) loads after the first render.
const FollowedAuthorsRow = lazy(() =>
  import('../components/followed-authors-row').then((module) => ({ default: module.FollowedAuthorsRow })),
);

/**
 * The hero, the Skin of the Month, the row of followed authors' skins, the most downloaded, this
 * week's trending and the latest skins, and the tagline block (spec 2.5).
 */
export function HomePage() {
  // Back from a PayPal purchase as a guest (/success, /failed): the banner, the toast, and on success
  // an empty cart (spec 2.5).
  const purchaseResult = usePurchaseResult();

  const [{ data, fetching, error }] = useQuery({ query: HomeSkinsQuery });
  // Spec 8: query failures are only logged.
  useEffect(() => {
    if (error) console.error('Homepage skins could not be loaded', error);
  }, [error]);
  const loading = fetching && !data;

  return (
    <>
      <title>{siteMessages.documentTitle()}</title>
      {purchaseResult ? (
        <Container size="xl" pt="xl" w="100%">
          <PurchaseResultBanner result={purchaseResult} />
        </Container>
      ) : null}
      <Hero />
      <SkinOfTheMonth />
      <Suspense fallback={null}>
        <FollowedAuthorsRow />
      </Suspense>
      {/* The rows show every game, and so does the list they link to. A failed query hides them. */}
      {error ? null : (
        <>
          <SkinShowcase
            id="trending-skins"
            title={homeMessages.trending.title}
            eyebrow={homeMessages.trending.eyebrow}
            skins={data?.trending.content}
            loading={loading}
            moreTo="/skins?t=all&o=downloads"
            moreLabel={homeMessages.trending.more}
          />
          <SkinShowcase
            id="trending-week-skins"
            title={homeMessages.trendingWeek.title}
            eyebrow={homeMessages.trendingWeek.eyebrow}
            skins={data?.trendingWeek.content}
            loading={loading}
            moreTo="/skins?t=all&o=trending-week"
            moreLabel={homeMessages.trendingWeek.more}
          />
          <SkinShowcase
            id="latest-skins"
            title={homeMessages.latest.title}
            eyebrow={homeMessages.latest.eyebrow}
            skins={data?.latest.content}
            loading={loading}
            moreTo="/skins?t=all"
            moreLabel={homeMessages.latest.more}
          />
        </>
      )}
      <TaglineBlock />
    </>
  );
}
