import { Alert, Anchor, Container } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session';
import { verifyNoticeMessages as texts } from '../verify-notice.messages';

/** Under the top bar while the signed-in account has not opened its verification link. */
export function VerifyEmailNotice() {
  const { user } = useSession();
  const [closed, setClosed] = useState(false);
  if (!user || user.emailVerified || closed) return null;
  return (
    <Container size="xl" pt="sm">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconMailExclamation />}
        withCloseButton
        closeButtonLabel="Hide"
        onClose={() => setClosed(true)}
        role="status"
        data-testid="verify-email-notice"
      >
        {texts.message(user.email)}{' '}
        <Anchor component={Link} to="/me/settings#email-verification" inherit fw={700}>
          {texts.settings}
        </Anchor>
      </Alert>
    </Container>
  );
}
