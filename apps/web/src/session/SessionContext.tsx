import { createContext, type ReactNode, useContext } from 'react';

/** The signed-in user, as the shell needs it (a subset of the users row; never the password). */
export type SessionUser = {
  id: string;
  username: string;
  email?: string;
  displayName?: string | null;
};

/** What {@link useSession} returns. */
export type SessionContextValue = {
  /** The signed-in user, or null for a visitor. */
  user: SessionUser | null;
  /** True while the current user is still being loaded (the /integrations guard shows a spinner). */
  isLoading: boolean;
  /**
   * Ends the session. Resolves once the user is signed out; rejects with an Error whose message
   * (the server's error field when present) is shown in the 'Logout failed' toast.
   */
  logout: () => Promise<void>;
};

/** Props of {@link SessionProvider}. */
export type SessionProviderProps = {
  children: ReactNode;
  /** The live session; until the server is wired the shell treats everyone as a visitor. */
  value?: SessionContextValue;
};

/** A visitor session: nobody signed in, nothing loading, logout has nothing to do. */
export const visitorSession: SessionContextValue = {
  user: null,
  isLoading: false,
  logout: async () => {},
};

const SessionContext = createContext<SessionContextValue | null>(null);

/** Makes the current session available to {@link useSession}. */
export function SessionProvider({ children, value = visitorSession }: SessionProviderProps) {
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The current session; throws when used outside a {@link SessionProvider}. */
export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used within a SessionProvider');
  return session;
}
