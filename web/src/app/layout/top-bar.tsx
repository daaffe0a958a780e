import { Box, Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useCart } from '../../shared/cart';
import { useSession } from '../../shared/session';
import { appMessages } from '../app.messages';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { Logo } from './logo';
import { mainNavigation } from './navigation';
import { AccountButton, CartButton } from './top-bar-actions';
import classes from './top-bar.module.css';

const nav = appMessages.nav;

// The signed-in viewer's notifications bell (its count query, its list) loads after the page:
// the top bar's first-load JavaScript stays inside every page's budget.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

// The phone menu's drawer (dialog, focus trap, scroll lock) loads when it is first opened.
const NavigationDrawer = lazy(() =>
  import('./navigation-drawer').then((module) => ({ default: module.NavigationDrawer })),
);

/** Logo, main sections, theme, cart and account; a drawer on phones (spec 2.4). */
export function TopBar() {
  const [drawerOpened, drawer] = useDisclosure(false);
  // Once opened, the drawer stays mounted so that it can play its closing animation.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (drawerOpened && !drawerLoaded) setDrawerLoaded(true);
  const { count } = useCart();
  const { user } = useSession();
  const { pathname } = useLocation();

  // Close the drawer whenever the page changes.
  const closeDrawer = drawer.close;
  useEffect(() => {
    closeDrawer();
  }, [pathname, closeDrawer]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="xl" wrap="nowrap">
            <UnstyledButton component={Link} to="/" aria-label={nav.homeLink} className={classes.logoLink}>
              <Logo />
            </UnstyledButton>
            <Group component="nav" aria-label={nav.mainNavigation} gap={4} visibleFrom="sm" wrap="nowrap">
              {mainNavigation.map((link) => (
                <NavLink key={link.to} to={link.to} className={classes.navLink}>
                  {link.label}
                </NavLink>
              ))}
            </Group>
          </Group>

          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="sm">
              <ColorSchemeToggle />
            </Box>
            {user ? (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            ) : null}
            <CartButton count={count} />
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <AccountButton />
            </Group>
            <Burger
              hiddenFrom="sm"
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label={drawerOpened ? nav.closeMenu : nav.openMenu}
              aria-expanded={drawerOpened}
              aria-controls="main-navigation-drawer"
            />
          </Group>
        </Group>
      </Container>

      {drawerLoaded && (
        <Suspense fallback={null}>
          <NavigationDrawer opened={drawerOpened} onClose={drawer.close} cartCount={count} />
        </Suspense>
      )}
    </Box>
  );
}
