import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { authModalPrefill, closeAuthModal, openAuthModal } from '../../../shared/session';
import type { AuthModalMode } from '../../../shared/session';
import { authMessages } from '../auth.messages';
import type { AuthModeSwitch } from './auth-mode-switch';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const modal = authMessages.modal;

/** The one modal for sign-in, register and forgot-password (spec 2.4), opened by openAuthModal(). */
export function AuthModal({ mode }: { mode: AuthModalMode }) {
  // What the user typed in one mode (a username or an email) follows them into the next one; the
  // first form starts with the email the page opened the modal with (a guest buyer's).
  const [carried, setCarried] = useState(authModalPrefill);
  const switchMode: AuthModeSwitch = (next, carry) => {
    setCarried(carry ?? '');
    openAuthModal(next);
  };

  return (
    <Modal
      opened
      onClose={closeAuthModal}
      title={modal.titles[mode]}
      centered
      radius="md"
      size="md"
      closeButtonProps={{ 'aria-label': modal.close }}
      styles={{
        title: { fontFamily: 'var(--mantine-font-family-headings)', fontWeight: 700, fontSize: '1.5rem' },
      }}
    >
      <Text c="dimmed" size="sm" mb="lg">
        {modal.descriptions[mode]}
      </Text>
      {mode === 'login' ? <LoginForm key="login" onSwitch={switchMode} initialUsername={carried} /> : null}
      {mode === 'register' ? (
        <RegisterForm key="register" onSwitch={switchMode} initialEmail={carried} />
      ) : null}
      {mode === 'forgot-password' ? (
        <ForgotPasswordForm key="forgot" onSwitch={switchMode} initialEmail={carried} />
      ) : null}
    </Modal>
  );
}
