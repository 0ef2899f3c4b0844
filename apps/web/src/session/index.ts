export {
  type SessionContextValue,
  SessionProvider,
  type SessionProviderProps,
  type SessionUser,
  useSession,
  visitorSession,
} from './SessionContext';
