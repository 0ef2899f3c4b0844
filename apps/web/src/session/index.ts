export { RequireAuth } from './RequireAuth';
export {
  type RegisterInput,
  SESSION_QUERY_KEY,
  type SessionContextValue,
  type SessionUser,
  useSession,
  visitorSession,
} from './SessionContext';
export { SessionProvider, type SessionProviderProps } from './SessionProvider';
