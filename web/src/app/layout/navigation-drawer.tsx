import { Divider, Drawer, Group, Stack } from '@mantine/core';
import { NavLink } from 'react-router';
import { appMessages } from '../app.messages';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { Logo } from './logo';
import { mainNavigation } from './navigation';
import { AccountButton, CartButton } from './top-bar-actions';
import classes from './top-bar.module.css';

const nav = appMessages.nav;

/** The main sections, cart, account and theme on phones (spec 2.4). */
export function NavigationDrawer({
  opened,
  onClose,
  cartCount,
}: {
  opened: boolean;
  onClose: () => void;
  cartCount: number;
}) {
  return (
    <Drawer
      id="main-navigation-drawer"
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(20rem, 85vw)"
      title={<Logo />}
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': nav.closeMenu }}
    >
      <Stack gap="lg">
        <Stack component="nav" aria-label={nav.mainNavigation} gap={4}>
          <NavLink to="/" end className={classes.drawerLink} onClick={onClose}>
            {nav.home}
          </NavLink>
          {mainNavigation.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.drawerLink} onClick={onClose}>
              {link.label}
            </NavLink>
          ))}
        </Stack>
        <Divider />
        <CartButton count={cartCount} fullWidth />
        <AccountButton fullWidth onNavigate={onClose} />
        <Group justify="space-between">
          <ColorSchemeToggle />
        </Group>
      </Stack>
    </Drawer>
  );
}
