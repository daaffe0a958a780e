import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../session/session.context';
import { PageContainer } from './page-container';

export interface RouteGuardProps {
  /** Every one of these roles is needed (spec 2.3), compared case-insensitively. */
  roles: readonly string[];
  children: ReactNode;
}

/** Renders its children only for a user with all the roles; otherwise an empty container. */
export function RouteGuard({ roles, children }: RouteGuardProps) {
  const { hasRoles } = useSession();
  if (!hasRoles(roles)) {
    return (
      <PageContainer>
        <Box mih="40vh" />
      </PageContainer>
    );
  }
  return children;
}
