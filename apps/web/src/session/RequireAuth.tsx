import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from './SessionContext';

/**
 * Shows its page to a signed-in user only: a centred loader while the session loads, and a
 * redirect to /auth when nobody is signed in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <Center mih="60vh">
        <Loader aria-label="Loading session" />
      </Center>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  return children;
}
