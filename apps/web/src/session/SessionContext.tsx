import type { TRegisterRequest } from '@flows/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { getQueryFn } from '../lib/api';

/** The signed-in user, as the web app needs it (a subset of the users row; never the password). */
export type SessionUser = {
  id: string;
  username: string;
  email?: string;
  displayName?: string | null;
};

/** What the Register form sends (no confirmPassword: that check stays in the browser). */
export type RegisterInput = TRegisterRequest;

/**
 * What {@link useSession} returns. The actions resolve once the server agreed and the user is
 * set or cleared; they reject with the failed call's error (an `ApiError` from `lib/api`, whose
 * server message `serverError()` extracts for the toast).
 */
export type SessionContextValue = {
  /** The signed-in user, or null for a visitor. */
  user: SessionUser | null;
  /** True while the current user is still being loaded (the /integrations guard shows a spinner). */
  isLoading: boolean;
  /** Signs in and makes the answer the current user. */
  login: (username: string, password: string) => Promise<SessionUser>;
  /** Creates an account, which also signs it in. */
  register: (input: RegisterInput) => Promise<SessionUser>;
  /** Ends the session and clears the user. */
  logout: () => Promise<void>;
};

const notWired = async (): Promise<never> => {
  throw new Error('Signing in is not available here');
};

/** A visitor session: nobody signed in, nothing loading (component tests and fixed previews). */
export const visitorSession: SessionContextValue = {
  user: null,
  isLoading: false,
  login: notWired,
  register: notWired,
  logout: async () => {},
};

/** The query that holds the current user: GET /api/user, where a 401 means nobody. */
export const SESSION_QUERY_KEY = ['/api/user'] as const;

/** The query {@link SESSION_QUERY_KEY}, loaded by the server's SessionProvider. */
export const sessionQuery = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: getQueryFn<SessionUser | null>({ on401: 'returnNull' }),
};

/** Signing in, registering and signing out: the server session's part of its context. */
export type SessionActions = Pick<SessionContextValue, 'login' | 'register' | 'logout'>;

/**
 * What a SessionProvider shares: a fixed session, or the server session's actions. The server's
 * user is not in the context: each useSession() reads it from the query cache. When a context's
 * value changes, React renders every part of the page it has not hydrated yet at once (main.tsx
 * hydrates in slices), in one long task; the user's arrival re-renders only who shows it.
 */
export type SessionSource = { fixed: SessionContextValue } | { actions: SessionActions };

/** The context behind {@link useSession}; providers live in SessionProvider.tsx. */
export const SessionContext = createContext<SessionSource | null>(null);

/** The current session; throws when used outside a SessionProvider. */
export function useSession(): SessionContextValue {
  const source = useContext(SessionContext);
  if (!source) throw new Error('useSession must be used within a SessionProvider');
  const actions = 'actions' in source ? source.actions : undefined;
  const { data, isLoading } = useQuery({ ...sessionQuery, enabled: actions !== undefined });
  const serverSession = useMemo(
    () => actions && { user: data ?? null, isLoading, ...actions },
    [actions, data, isLoading],
  );
  return 'fixed' in source ? source.fixed : serverSession!;
}
