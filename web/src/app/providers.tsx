import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Suspense, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Provider as GraphqlProvider } from 'urql';
import { SessionProvider, useSession } from '../shared/session';
import { lazyAfterFirstScreen } from '../shared/ui/after-first-screen';
import { createGraphqlClient } from './graphql-client';
import { COLOR_SCHEME_STORAGE_KEY, cssVariablesResolver, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

// Toasts and their animations are not needed for the first paint: their code loads after the first
// screen (a toast shown before waits in the notifications store).
const Toasts = lazyAfterFirstScreen(() => import('./toasts').then((module) => module.Toasts));

/**
 * A GraphQL client per signed-in user: logging out or in as someone else starts with an empty cache,
 * so no screen shows the previous user's answers. A token refresh keeps the cache.
 */
function GraphqlProviderForSession({ children }: { children: ReactNode }) {
  const userId = useSession().user?.id ?? null;
  const client = useMemo(() => createGraphqlClient(), [userId]);
  return <GraphqlProvider value={client}>{children}</GraphqlProvider>;
}

/**
 * Theme (the visitor's choice, remembered; else the system's light or dark preference, dark when it
 * states none), session and GraphQL client.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <SessionProvider>
        <GraphqlProviderForSession>{children}</GraphqlProviderForSession>
      </SessionProvider>
    </MantineProvider>
  );
}

/** Toasts live inside the router so that their content can hold links. */
export function RouterScopedProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      {children}
    </>
  );
}
