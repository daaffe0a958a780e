import { Button, Group, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useOwnership } from '../../../shared/ownership';
import { useSession } from '../../../shared/session';
import { SkinPriceButton, useSkinDownload, type PricedSkin } from '../../../shared/skin-card';
import { skinsMessages as messages } from '../skins.messages';

/**
 * What gets the skin on its page: for a free skin that is neither the viewer's own nor owned, the
 * 'Free' label beside a primary 'Download' button (a bare 'Free' does not say that a click
 * downloads); otherwise the shared price button in its usual states (price, In cart, Owned, My Skin).
 */
export function SkinGetButton({ skin, size = 'lg' }: { skin: PricedSkin; size?: ButtonProps['size'] }) {
  const { user } = useSession();
  const ownership = useOwnership();
  const { download, locked } = useSkinDownload();
  const isAuthor = user !== null && String(user.id) === skin.author.id;
  if (skin.price > 0 || isAuthor || ownership.ownsSkin(skin.id)) {
    return <SkinPriceButton skin={skin} size={size} fullWidth />;
  }
  return (
    <Group gap="sm" wrap="nowrap" data-testid="free-download">
      <Text
        fw={800}
        fz={size === 'lg' ? 'xl' : 'md'}
        tt="uppercase"
        // Readable on both schemes (4.5:1): a dark teal on light, a light teal on dark.
        style={{
          flexShrink: 0,
          color: 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))',
        }}
      >
        {messages.free}
      </Text>
      <Button
        size={size}
        style={{ flex: 1 }}
        disabled={locked}
        onClick={() => download(skin.url)}
        leftSection={<IconDownload size={size === 'lg' ? 20 : 16} aria-hidden />}
        aria-label={messages.downloadFree(skin.title)}
      >
        {messages.download}
      </Button>
    </Group>
  );
}
