import { Button, CopyButton, Group } from '@mantine/core';
import { DeferredTooltip } from '../../../shared/ui/deferred-tooltip';
import {
  IconBrandDiscord,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTwitch,
  IconBrandX,
  IconCheck,
  IconWorld,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { authorsMessages as messages } from '../authors.messages';
import type { SocialLink, SocialNetwork } from '../lib/social-links';

const icons: Record<SocialNetwork, ReactNode> = {
  twitter: <IconBrandX size={16} aria-hidden />,
  instagram: <IconBrandInstagram size={16} aria-hidden />,
  twitch: <IconBrandTwitch size={16} aria-hidden />,
  discord: <IconBrandDiscord size={16} aria-hidden />,
  facebook: <IconBrandFacebook size={16} aria-hidden />,
  website: <IconWorld size={16} aria-hidden />,
};

/**
 * The author's filled social fields: links that open in a new tab (without giving the other site
 * this window), and a Discord username, which has no address, as a copy button.
 */
export function SocialLinks({ links, label }: { links: readonly SocialLink[]; label: string }) {
  if (links.length === 0) return null;
  return (
    <Group component="ul" gap="xs" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {links.map((link) => {
        const network = messages.socialNames[link.network];
        return (
          <li key={link.network}>
            {link.href ? (
              <DeferredTooltip label={network} withArrow openDelay={200}>
                <Button
                  component="a"
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                  size="xs"
                  radius="xl"
                  leftSection={icons[link.network]}
                  aria-label={messages.socialLinkLabel(network, link.label)}
                  maw={260}
                >
                  {link.label}
                </Button>
              </DeferredTooltip>
            ) : (
              <CopyButton value={link.label}>
                {({ copied, copy }) => (
                  <DeferredTooltip
                    label={copied ? messages.copied : network}
                    withArrow
                    openDelay={copied ? 0 : 200}
                  >
                    <Button
                      variant="default"
                      size="xs"
                      radius="xl"
                      onClick={copy}
                      leftSection={copied ? <IconCheck size={16} aria-hidden /> : icons[link.network]}
                      aria-label={messages.copyDiscord(link.label)}
                      maw={260}
                    >
                      {link.label}
                    </Button>
                  </DeferredTooltip>
                )}
              </CopyButton>
            )}
          </li>
        );
      })}
    </Group>
  );
}
