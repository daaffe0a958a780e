import { ActionIcon, Button, Indicator } from '@mantine/core';
import { IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { openAuthModal, useSession } from '../../shared/session';
import { appMessages } from '../app.messages';

const nav = appMessages.nav;

/** Always there, so the cart can be found; the count shows on a badge once something is in it. */
export function CartButton({ count, fullWidth = false }: { count: number; fullWidth?: boolean }) {
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

export function AccountButton({
  fullWidth = false,
  onNavigate,
}: {
  fullWidth?: boolean;
  onNavigate?: () => void;
}) {
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
