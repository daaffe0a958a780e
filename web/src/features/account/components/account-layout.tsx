import {
  Badge,
  Box,
  Button,
  Collapse,
  Container,
  Divider,
  Grid,
  Group,
  NavLink,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Suspense, useEffect, useId } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { useSession } from '../../../shared/session';
import { InsetPages, PageLoader } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { useMenuSections } from '../hooks/use-menu-sections';
import type { MenuItem } from '../hooks/use-menu-sections';
import { useMyUser } from '../../../shared/my-user/use-my-user';
import { UserAvatar } from './user-avatar';
import classes from './account-layout.module.css';

const menu = accountMessages.menu;

function isActive(pathname: string, item: MenuItem): boolean {
  return [item.to, ...(item.matches ?? [])].some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}

function AccountMenu() {
  const { user, endSession } = useSession();
  const { myUser } = useMyUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sections = useMenuSections();
  const idPrefix = useId();
  const username = myUser?.username ?? user?.username ?? '';
  const country = myUser?.country ?? user?.country;

  const logOut = () => {
    endSession();
    void navigate('/');
    notifications.show({ color: 'electric', message: menu.loggedOut });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar username={username} url={myUser?.avatar?.url} radius="xl" size="lg" />
        <Box miw={0}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} truncate>
              {username}
            </Text>
            <CountryFlag code={country} />
          </Group>
          {user?.email ? (
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          ) : null}
        </Box>
      </Group>
      <NavLink
        component={Link}
        to="/me"
        label={menu.profile}
        leftSection={<IconUserCircle size={18} stroke={1.7} aria-hidden />}
        active={pathname === '/me' || pathname === '/admin'}
        aria-current={pathname === '/me' || pathname === '/admin' ? 'page' : undefined}
        className={classes.link}
      />
      {sections.map((section) => (
        <Box key={section.id} component="section" aria-labelledby={`${idPrefix}-${section.id}`}>
          <Text id={`${idPrefix}-${section.id}`} className={classes.sectionLabel}>
            {section.label}
          </Text>
          {section.items.map((item) => {
            const active = isActive(pathname, item);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.7} aria-hidden />}
                rightSection={
                  item.isNew ? (
                    <Badge size="xs" color="magenta" variant="filled">
                      {menu.newBadge}
                    </Badge>
                  ) : null
                }
                active={active}
                aria-current={active ? 'page' : undefined}
                className={classes.link}
              />
            );
          })}
        </Box>
      ))}
      <Divider />
      <Button
        variant="subtle"
        color="gray"
        justify="flex-start"
        leftSection={<IconLogout size={18} stroke={1.7} aria-hidden />}
        onClick={logOut}
      >
        {menu.logOut}
      </Button>
    </Stack>
  );
}

/** The profile area: the player, author and (for admins) admin menus beside the page. */
export function AccountLayout() {
  const [menuOpened, mobileMenu] = useDisclosure(false);
  const { pathname } = useLocation();
  const closeMobileMenu = mobileMenu.close;
  useEffect(() => {
    closeMobileMenu();
  }, [pathname, closeMobileMenu]);

  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <Grid gap={{ base: 'lg', md: 40 }}>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Box component="nav" aria-label={menu.label}>
            <Paper withBorder p="md" radius="md" visibleFrom="md" className={classes.panel}>
              <AccountMenu />
            </Paper>
            <Paper withBorder radius="md" hiddenFrom="md" className={classes.panel}>
              <Button
                variant="subtle"
                color="gray"
                fullWidth
                justify="space-between"
                size="md"
                onClick={mobileMenu.toggle}
                aria-expanded={menuOpened}
                aria-controls="account-menu-mobile"
                rightSection={
                  <IconChevronDown
                    size={18}
                    aria-hidden
                    style={{
                      transform: menuOpened ? 'rotate(180deg)' : undefined,
                      transition: 'transform 150ms',
                    }}
                  />
                }
              >
                {menu.toggle}
              </Button>
              <Collapse expanded={menuOpened} id="account-menu-mobile">
                <Box p="md" pt="xs">
                  <AccountMenu />
                </Box>
              </Collapse>
            </Paper>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <InsetPages>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </InsetPages>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
