import { Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { skinsMessages } from '../skins.messages';
import classes from './skin-bundle-offers.module.css';

const messages = skinsMessages.bundleOffers;

export type BundleOffer = {
  id: string;
  url: string;
  title: string;
  price: number;
  /** Euros the bundle saves against its skins one by one (server side, in cents); 0 for none. */
  savings: number;
  thumbnail?: { cardUrl?: string | null } | null;
};

/** "Also in bundle X, save Y": the listed bundles that hold the skin, cheapest first (at most 3). */
export function SkinBundleOffers({ bundles }: { bundles: readonly BundleOffer[] }) {
  if (bundles.length === 0) return null;
  return (
    <section aria-label={messages.title}>
      <ul className={classes.offers}>
        {bundles.slice(0, 3).map((bundle) => (
          <li key={bundle.id}>
            <Link to={`/bundles/${encodeURIComponent(bundle.url)}`} className={classes.offer}>
              {bundle.thumbnail?.cardUrl ? (
                <img src={bundle.thumbnail.cardUrl} alt="" className={classes.picture} loading="lazy" />
              ) : (
                <span className={classes.picture} aria-hidden />
              )}
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={700} lineClamp={2}>
                  {messages.alsoIn(bundle.title)}
                  {bundle.savings > 0 ? (
                    <>
                      {', '}
                      <span className={classes.save}>{messages.save(bundle.savings)}</span>
                    </>
                  ) : null}
                </Text>
                <Text size="xs" c="dimmed">
                  {messages.bundlePrice(bundle.price)}
                </Text>
              </Stack>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
