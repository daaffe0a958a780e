import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { closeAuthModal } from '../../../shared/session';
import type { AuthModalMode } from '../../../shared/session';
import { authMessages } from '../auth.messages';

const modal = authMessages.modal;

/** The one modal for sign-in, register and forgot-password (spec 2.4); forms arrive with accounts. */
export function AuthModal({ mode }: { mode: AuthModalMode }) {
  return (
    <Modal
      opened
      onClose={closeAuthModal}
      title={modal.titles[mode]}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': modal.close }}
      styles={{
        title: { fontFamily: 'var(--mantine-font-family-headings)', fontWeight: 700, fontSize: '1.375rem' },
      }}
    >
      <Stack gap="lg">
        <Text c="dimmed">{modal.soon}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={closeAuthModal}>
            {modal.close}
          </Button>
          <Button component={Link} to="/skins" onClick={closeAuthModal}>
            {modal.browse}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
