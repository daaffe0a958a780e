import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCalendar, IconChevronRight, IconMail, IconSettings } from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { formatCountry, formatDate } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { PageContainer } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { accountMessages } from '../account.messages';
import { UserAvatar } from '../components/user-avatar';
import { useMenuSections } from '../hooks/use-menu-sections';
import type { MenuItem } from '../hooks/use-menu-sections';
import { useMyUser } from '../../../shared/my-user/use-my-user';
import classes from './profile-page.module.css';

const profile = accountMessages.profile;

function Shortcut({ item }: { item: MenuItem }) {
  const Icon: TablerIcon = item.icon;
  return (
    <UnstyledButton component={Link} to={item.to} className={classes.shortcut}>
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <Icon size={20} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1 }} miw={0}>
          <Group gap={6}>
            <Text fw={700}>{item.label}</Text>
            {item.isNew ? (
              <Badge size="xs" color="magenta" variant="filled">
                {accountMessages.menu.newBadge}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {item.description}
          </Text>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** The profile screen of /me and /admin: who is signed in, and the way into every menu (spec 2.11). */
export function ProfilePage() {
  const { user } = useSession();
  const { myUser, fetching } = useMyUser();
  const { pathname } = useLocation();
  const sections = useMenuSections();
  if (!user) return null;
  const isAdminArea = pathname.startsWith('/admin');
  const username = myUser?.username ?? user.username;
  const country = myUser?.country ?? user.country;
  const memberSince = myUser ? formatDate(myUser.createdAt) : '';

  return (
    <PageContainer title={isAdminArea ? profile.adminTitle : profile.title} eyebrow={accountMessages.area}>
      <Stack gap="xl">
        <Card withBorder padding="xl" className={classes.card}>
          <Group gap="xl" align="center" wrap="wrap" justify="space-between">
            <Group gap="lg" wrap="nowrap" miw={0}>
              <UserAvatar username={username} url={myUser?.avatar?.url} size={96} radius={48} />
              <Stack gap={6} miw={0}>
                <Title order={2} className={classes.username}>
                  {username}
                </Title>
                {country ? (
                  <Group gap={8} wrap="nowrap">
                    <CountryFlag code={country} decorative size="1.1rem" />
                    <Text>{formatCountry(country)}</Text>
                  </Group>
                ) : null}
                {memberSince ? (
                  <Group gap={8} wrap="nowrap" c="dimmed">
                    <IconCalendar size={16} aria-hidden />
                    <Text size="sm">{profile.memberSince(memberSince)}</Text>
                  </Group>
                ) : fetching ? (
                  <Skeleton h={14} w={160} />
                ) : null}
                {user.email ? (
                  <Group gap={8} wrap="nowrap" c="dimmed">
                    <IconMail size={16} aria-hidden />
                    <Text size="sm" truncate>
                      {user.email}
                    </Text>
                  </Group>
                ) : null}
                <Group gap={6} mt={2} aria-label={profile.roles}>
                  {user.roles.map((role) => (
                    <Badge key={role} variant="light" color={role === 'admin' ? 'magenta' : 'electric'}>
                      {role}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Group>
            <Button
              component={Link}
              to="/me/settings"
              variant="default"
              leftSection={<IconSettings size={18} aria-hidden />}
            >
              {profile.editProfile}
            </Button>
          </Group>
        </Card>
        {sections.map((section) => (
          <Stack
            key={section.id}
            gap="sm"
            component="section"
            aria-labelledby={`profile-section-${section.id}`}
          >
            <Title order={2} size="h4" id={`profile-section-${section.id}`} className={classes.sectionTitle}>
              {section.label}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {section.items.map((item) => (
                <Shortcut key={item.to} item={item} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </PageContainer>
  );
}
