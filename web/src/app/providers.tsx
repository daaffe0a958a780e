import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Provider as GraphqlProvider } from 'urql';
import { SessionProvider, useSession } from '../shared/session';
import { createGraphqlClient } from './graphql-client';
import { COLOR_SCHEME_STORAGE_KEY, cssVariablesResolver, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Toasts close after 5 s unless a message says otherwise (spec 9). */
export const DEFAULT_TOAST_MS = 5000;

/**
 * A GraphQL client per signed-in user: logging out or in as someone else starts with an empty cache,
 * so no screen shows the previous user's answers. A token refresh keeps the cache.
 */
function GraphqlProviderForSession({ children }: { children: ReactNode }) {
  const userId = useSession().user?.id ?? null;
  const client = useMemo(() => createGraphqlClient(), [userId]);
  return <GraphqlProvider value={client}>{children}</GraphqlProvider>;
}

/** Theme (dark by default, the visitor's choice remembered), session and GraphQL client. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <SessionProvider>
        <GraphqlProviderForSession>{children}</GraphqlProviderForSession>
      </SessionProvider>
    </MantineProvider>
  );
}

/** Modals and toasts live inside the router so that their content can hold links. */
export function RouterScopedProviders({ children }: { children: ReactNode }) {
  return (
    <ModalsProvider>
      <Notifications
        autoClose={DEFAULT_TOAST_MS}
        position="top-right"
        zIndex={1000}
        classNames={{ root: 'app-toasts' }}
      />
      {children}
    </ModalsProvider>
  );
}
