import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Provider as GraphqlProvider } from 'urql';
import { SessionProvider } from '../shared/session';
import { graphqlClient } from './graphql-client';
import { COLOR_SCHEME_STORAGE_KEY, cssVariablesResolver, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Toasts close after 5 s unless a message says otherwise (spec 9). */
export const DEFAULT_TOAST_MS = 5000;

/** Theme (dark by default, the visitor's choice remembered), GraphQL client and session. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <GraphqlProvider value={graphqlClient}>
        <SessionProvider>{children}</SessionProvider>
      </GraphqlProvider>
    </MantineProvider>
  );
}

/** Modals and toasts live inside the router so that their content can hold links. */
export function RouterScopedProviders({ children }: { children: ReactNode }) {
  return (
    <ModalsProvider>
      <Notifications autoClose={DEFAULT_TOAST_MS} position="top-right" zIndex={1000} />
      {children}
    </ModalsProvider>
  );
}
