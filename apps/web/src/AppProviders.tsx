import { UI_TIMING } from '@flows/engine';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createTrpcClient, trpc } from './lib/trpc';
import { createQueryClient } from './queryClient';
import { type SessionContextValue, SessionProvider } from './session';
import { colorSchemeManager, cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from './theme';

/** Props of {@link AppProviders}. */
export type AppProvidersProps = {
  children: ReactNode;
  /** A fixed session (component tests); omitted, the session is loaded from the server. */
  session?: SessionContextValue;
  /** 'test' turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
};

/**
 * Where toasts appear. On phones they drop from the top, so they never cover a dialog's buttons.
 * A component of its own: a change of the screen size re-renders the toasts alone, not the
 * providers (Mantine's context changes with its provider's every render, which re-renders every
 * Mantine component on the page). The width is read in the first render, not in an effect with a
 * second render after it: the toasts' portal is empty in the prerendered HTML at any width.
 */
function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Notifications
      limit={1}
      position={phone ? 'top-center' : 'bottom-right'}
      containerWidth={420}
      autoClose={UI_TIMING.toastDurationMs}
    />
  );
}

/** Everything a page needs around it: theme, toasts, data fetching (tRPC too) and the session. */
export function AppProviders({ children, session, env = 'default' }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);

  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      env={env}
    >
      <Toasts />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider value={session}>{children}</SessionProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
