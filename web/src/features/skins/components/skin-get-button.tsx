import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useOwnership } from '../../../shared/ownership';
import { useSession } from '../../../shared/session';
import { SkinPriceButton, useSkinDownload, type PricedSkin } from '../../../shared/skin-card';
import { skinsMessages as messages } from '../skins.messages';

/**
 * What gets the skin on its page: for a free skin that is neither the viewer's own nor owned, a
 * primary 'Free' button with a download icon that downloads it (its accessible name says so);
 * otherwise the shared price button in its usual states (price, In cart, Owned, My Skin).
 */
export function SkinGetButton({ skin, size = 'lg' }: { skin: PricedSkin; size?: ButtonProps['size'] }) {
  const { user } = useSession();
  const ownership = useOwnership();
  const { download, locked } = useSkinDownload();
  const isAuthor = user !== null && String(user.id) === skin.author.id;
  if (skin.price > 0 || isAuthor || ownership.ownsSkin(skin.id)) {
    return <SkinPriceButton skin={skin} size={size} fullWidth installHint={false} />;
  }
  return (
    <Button
      size={size}
      fullWidth
      data-testid="free-download"
      disabled={locked}
      onClick={() => download(skin.url)}
      leftSection={<IconDownload size={size === 'lg' ? 20 : 16} aria-hidden />}
      aria-label={messages.downloadFree(skin.title)}
    >
      {messages.free}
    </Button>
  );
}
