import type { TRegisterRequest } from '@flows/api/contracts';
import { createContext, useContext } from 'react';

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

/** The context behind {@link useSession}; providers live in SessionProvider.tsx. */
export const SessionContext = createContext<SessionContextValue | null>(null);

/** The current session; throws when used outside a SessionProvider. */
export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used within a SessionProvider');
  return session;
}
