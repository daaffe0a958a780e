import {
  ActionIcon,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Indicator,
  Stack,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useCart } from '../../shared/cart';
import { openAuthModal, useSession } from '../../shared/session';
import { appMessages } from '../app.messages';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { Logo } from './logo';
import { mainNavigation } from './navigation';
import classes from './top-bar.module.css';

const nav = appMessages.nav;

/** Always there, so the cart can be found; the count shows on a badge once something is in it. */
function CartButton({ count, fullWidth = false }: { count: number; fullWidth?: boolean }) {
  if (fullWidth) {
    return (
      <Button
        component={Link}
        to="/cart/summary"
        variant="light"
        fullWidth
        leftSection={<IconShoppingCart size={18} stroke={1.8} aria-hidden />}
        aria-label={nav.cartLabel(count)}
      >
        {count > 0 ? `${nav.cart} (${count})` : nav.cart}
      </Button>
    );
  }
  return (
    <Indicator
      label={count}
      size={18}
      disabled={count === 0}
      offset={4}
      color="magenta"
      styles={{ indicator: { fontWeight: 700 } }}
    >
      <ActionIcon
        component={Link}
        to="/cart/summary"
        variant="light"
        size="lg"
        aria-label={nav.cartLabel(count)}
      >
        <IconShoppingCart size={20} stroke={1.8} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

function AccountButton({ fullWidth = false, onNavigate }: { fullWidth?: boolean; onNavigate?: () => void }) {
  const { user } = useSession();
  if (user) {
    return (
      <Button
        component={Link}
        to="/me"
        variant="default"
        fullWidth={fullWidth}
        onClick={onNavigate}
        leftSection={<IconUserCircle size={18} stroke={1.8} aria-hidden />}
      >
        {nav.profile}
      </Button>
    );
  }
  // Sign In beside Sign Up: both open the one auth modal, in its sign-in or register mode.
  return (
    <>
      <Button
        variant="default"
        fullWidth={fullWidth}
        onClick={() => {
          onNavigate?.();
          openAuthModal('login');
        }}
      >
        {nav.signIn}
      </Button>
      <Button
        fullWidth={fullWidth}
        onClick={() => {
          onNavigate?.();
          openAuthModal('register');
        }}
      >
        {nav.signUp}
      </Button>
    </>
  );
}

/** Logo, main sections, theme, cart and account; a drawer on phones (spec 2.4). */
export function TopBar() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { count } = useCart();
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

      <Drawer
        id="main-navigation-drawer"
        opened={drawerOpened}
        onClose={drawer.close}
        position="right"
        size="min(20rem, 85vw)"
        title={<Logo />}
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': nav.closeMenu }}
      >
        <Stack gap="lg">
          <Stack component="nav" aria-label={nav.mainNavigation} gap={4}>
            <NavLink to="/" end className={classes.drawerLink} onClick={drawer.close}>
              {nav.home}
            </NavLink>
            {mainNavigation.map((link) => (
              <NavLink key={link.to} to={link.to} className={classes.drawerLink} onClick={drawer.close}>
                {link.label}
              </NavLink>
            ))}
          </Stack>
          <Divider />
          <CartButton count={count} fullWidth />
          <AccountButton fullWidth onNavigate={drawer.close} />
          <Group justify="space-between">
            <ColorSchemeToggle />
          </Group>
        </Stack>
      </Drawer>
    </Box>
  );
}
