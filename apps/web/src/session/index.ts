export { RequireAuth } from './RequireAuth';
export {
  type RegisterInput,
  type SessionContextValue,
  type SessionUser,
  useSession,
  visitorSession,
} from './SessionContext';
export { SESSION_QUERY_KEY, SessionProvider, type SessionProviderProps } from './SessionProvider';
