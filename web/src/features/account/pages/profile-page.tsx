import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconPalette, IconSettings, IconShoppingBag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatCountry } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import classes from './profile-page.module.css';

const profile = accountMessages.profile;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.08em">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

function Shortcut({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.shortcut}>
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={700}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** The profile screen of /me and /admin: who is signed in, from the session token. */
export function ProfilePage() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user) return null;
  const isAdminArea = pathname.startsWith('/admin');

  return (
    <PageContainer title={isAdminArea ? profile.adminTitle : profile.title} eyebrow={accountMessages.area}>
      <Stack gap="xl">
        <Card withBorder padding="xl" className={classes.card}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
            <Fact label={profile.username}>{user.username}</Fact>
            {user.name ? <Fact label={profile.name}>{user.name}</Fact> : null}
            {user.email ? <Fact label={profile.email}>{user.email}</Fact> : null}
            {user.country ? <Fact label={profile.country}>{formatCountry(user.country)}</Fact> : null}
            {user.language ? <Fact label={profile.language}>{user.language.toUpperCase()}</Fact> : null}
            <Fact label={profile.roles}>
              <Group gap={6} mt={2}>
                {user.roles.map((role) => (
                  <Badge key={role} variant="light" color={role === 'admin' ? 'magenta' : 'electric'}>
                    {role}
                  </Badge>
                ))}
              </Group>
            </Fact>
          </SimpleGrid>
        </Card>
        <Stack gap="md">
          <Title order={2} size="h3">
            {profile.next}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Shortcut
              to="/me/collection"
              icon={<IconShoppingBag size={22} />}
              title={accountMessages.menu.collection}
              text={profile.collectionText}
            />
            <Shortcut
              to="/me/publish"
              icon={<IconPalette size={22} />}
              title={profile.publish}
              text={profile.publishText}
            />
            <Shortcut
              to="/me/settings"
              icon={<IconSettings size={22} />}
              title={accountMessages.menu.settings}
              text={profile.settingsText}
            />
          </SimpleGrid>
        </Stack>
      </Stack>
    </PageContainer>
  );
}
