import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { apiRequest } from '../lib/api';
import {
  type RegisterInput,
  SESSION_QUERY_KEY,
  type SessionActions,
  SessionContext,
  type SessionContextValue,
  type SessionUser,
  sessionQuery,
} from './SessionContext';

/** Props of {@link SessionProvider}. */
export type SessionProviderProps = {
  children: ReactNode;
  /** A fixed session instead of the server's (component tests); omit it in the app. */
  value?: SessionContextValue;
};

/**
 * Sets who is signed in. Every other cached query belonged to the previous person (task history,
 * integrations), so they are reset and refetched for the new one.
 */
function setSessionUser(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.setQueryData<SessionUser | null>(SESSION_QUERY_KEY, user);
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
  });
}

function ServerSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Loaded once, from the start, whoever shows it (useSession reads it).
  useQuery(sessionQuery);

  const login = useCallback(
    async (username: string, password: string) => {
      const user = await apiRequest<SessionUser>('POST', '/api/login', { username, password });
      setSessionUser(queryClient, user);
      return user;
    },
    [queryClient],
  );

  const register = useCallback(
    async (input: RegisterInput) => {
      const user = await apiRequest<SessionUser>('POST', '/api/register', input);
      setSessionUser(queryClient, user);
      return user;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    await apiRequest<unknown>('POST', '/api/logout');
    setSessionUser(queryClient, null);
  }, [queryClient]);

  const source = useMemo(
    () => ({ actions: { login, register, logout } satisfies SessionActions }),
    [login, register, logout],
  );
  return <SessionContext value={source}>{children}</SessionContext>;
}

/**
 * Makes the session available to `useSession()`: the current user is loaded from the server once
 * (a failed load counts as nobody signed in), and login, register and logout update it.
 */
export function SessionProvider({ children, value }: SessionProviderProps) {
  if (value) return <SessionContext value={{ fixed: value }}>{children}</SessionContext>;
  return <ServerSessionProvider>{children}</ServerSessionProvider>;
}
