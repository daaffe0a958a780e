import {
  ActionIcon,
  Anchor,
  Box,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { appMessages } from '../app.messages';
import { footerMessages } from './footer.messages';
import { Logo } from './logo';
import { learnLinks, legalLinks, marketplaceLinks } from './footer-links';
import { socialLinks } from './social-links';
import classes from './footer.module.css';

const footer = footerMessages;

function LinkColumn({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  const headingId = `footer-${title.toLowerCase()}`;
  return (
    <Box component="nav" aria-labelledby={headingId}>
      <Title order={2} id={headingId} className={classes.columnTitle}>
        {title}
      </Title>
      <Stack component="ul" gap={8} className={classes.list}>
        {links.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} className={classes.link}>
              {link.label}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** Social links and every policy page (spec 2.4). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={48}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 32, md: 48 }}>
          <Stack gap="md" className={classes.brand}>
            <Anchor
              component={Link}
              to="/"
              aria-label={appMessages.nav.homeLink}
              className={classes.logoLink}
            >
              <Logo />
            </Anchor>
            <Text size="sm" c="dimmed" maw={300}>
              {footer.about}
            </Text>
            <Group gap="xs" aria-label={footer.social} role="group">
              {socialLinks.map(({ href, label, icon: Icon }) => (
                <ActionIcon
                  key={href}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} ${footer.opensInNewTab}`}
                  title={label}
                  variant="default"
                  size="lg"
                  radius="xl"
                  className={classes.social}
                >
                  <Icon size={18} stroke={1.8} aria-hidden />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          <LinkColumn title={footer.marketplace} links={marketplaceLinks} />
          <LinkColumn title={footer.learn} links={learnLinks} />
          <LinkColumn title={footer.legal} links={legalLinks} />
        </SimpleGrid>
        <Divider my="xl" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {footer.copyright(year)}
          </Text>
          <Text size="xs" c="dimmed" maw={620}>
            {footer.disclaimer}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
