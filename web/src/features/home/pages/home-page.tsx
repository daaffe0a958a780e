import { notifications } from '@mantine/notifications';
import { usePurchaseResult } from '../../../shared/cart';
import { siteMessages } from '../../../shared/messages/site.messages';
import { Hero } from '../components/hero';
import { TaglineBlock } from '../components/tagline-block';
import { homeMessages } from '../home.messages';

/** The hero and the tagline block; Skin of the Month and the skin lists come with the catalogue. */
export function HomePage() {
  // Back from a purchase (/success): thank the buyer and empty the cart (spec 2.5).
  usePurchaseResult((cartHadItems) => {
    if (cartHadItems) {
      notifications.show({
        id: 'purchase-success',
        color: 'teal',
        message: homeMessages.purchaseThanks,
        autoClose: 10_000,
      });
    }
  });

  return (
    <>
      <title>{siteMessages.documentTitle()}</title>
      <Hero />
      <TaglineBlock />
    </>
  );
}
