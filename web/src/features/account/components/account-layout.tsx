import {
  Avatar,
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
import {
  IconBrandInstagram,
  IconChartBar,
  IconChevronDown,
  IconCoin,
  IconLayoutDashboard,
  IconLogout,
  IconMessages,
  IconPalette,
  IconReceipt,
  IconSettings,
  IconShoppingBag,
  IconStack2,
  IconUserCircle,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../shared/session';
import { InsetPages, PageLoader } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { useAuthorMenu } from '../hooks/use-author-menu';
import classes from './account-layout.module.css';

const menu = accountMessages.menu;

interface MenuItem {
  to: string;
  label: string;
  icon: TablerIcon;
  isNew?: boolean;
  /** Other paths that belong to the item (detail and editor screens). */
  matches?: readonly string[];
}

interface MenuSection {
  label: string;
  items: MenuItem[];
}

function isActive(pathname: string, item: MenuItem): boolean {
  return [item.to, ...(item.matches ?? [])].some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}

function useMenuSections(): MenuSection[] {
  const { hasRoles } = useSession();
  const author = useAuthorMenu();
  const sections: MenuSection[] = [
    {
      label: menu.player,
      items: [
        { to: '/me/collection', label: menu.collection, icon: IconShoppingBag },
        { to: '/me/purchase-history', label: menu.purchaseHistory, icon: IconReceipt },
        { to: '/me/settings', label: menu.settings, icon: IconSettings },
      ],
    },
    {
      label: menu.author,
      items: [
        ...(author.hasSkins
          ? [{ to: '/me/dashboard', label: menu.dashboard, icon: IconChartBar, isNew: author.newDashboard }]
          : []),
        { to: '/me/skins', label: menu.skins, icon: IconPalette, matches: ['/me/skin', '/me/publish'] },
        { to: '/me/bundles', label: menu.bundles, icon: IconStack2, matches: ['/me/bundle'] },
        ...(author.hasPaidSkins
          ? [{ to: '/me/payouts', label: menu.payouts, icon: IconWallet, isNew: author.newPayouts }]
          : []),
      ],
    },
  ];
  if (hasRoles(['admin'])) {
    sections.push({
      label: menu.admin,
      items: [
        { to: '/admin/dashboard', label: menu.adminDashboard, icon: IconLayoutDashboard },
        { to: '/admin/users', label: menu.adminUsers, icon: IconUsers },
        { to: '/admin/orders', label: menu.adminOrders, icon: IconReceipt },
        { to: '/admin/payouts', label: menu.adminPayouts, icon: IconCoin, matches: ['/admin/payout'] },
        { to: '/admin/comments', label: menu.adminComments, icon: IconMessages },
        { to: '/admin/skins', label: menu.adminSkins, icon: IconPalette },
        { to: '/admin/social-media', label: menu.adminSocial, icon: IconBrandInstagram },
      ],
    });
  }
  return sections;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

function AccountMenu() {
  const { user, endSession } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sections = useMenuSections();
  const displayName = user?.username || user?.name || '';

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <Avatar color="electric" radius="xl" size="lg" variant="filled">
          {initials(user?.name || displayName)}
        </Avatar>
        <Box miw={0}>
          <Text fw={700} truncate>
            {displayName}
          </Text>
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
        className={classes.link}
      />
      {sections.map((section) => (
        <Box key={section.label} component="section" aria-label={section.label}>
          <Text className={classes.sectionLabel}>{section.label}</Text>
          {section.items.map((item) => (
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
              active={isActive(pathname, item)}
              className={classes.link}
            />
          ))}
        </Box>
      ))}
      <Divider />
      <Button
        variant="subtle"
        color="gray"
        justify="flex-start"
        leftSection={<IconLogout size={18} stroke={1.7} aria-hidden />}
        onClick={() => {
          endSession();
          void navigate('/');
        }}
      >
        {menu.signOut}
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
              <Collapse expanded={menuOpened}>
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
