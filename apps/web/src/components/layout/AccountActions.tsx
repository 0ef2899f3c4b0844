import { Button } from '@mantine/core';
import { IconHistory, IconLayoutDashboard, IconLogout, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { serverError } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useSession } from '../../session';

/** Options for the signed-in variant of the header. */
export type AccountActionsOptions = {
  /** Simplified header: History and Settings are hidden. */
  simplified?: boolean;
  /** Shows a Dashboard button to signed-in users. */
  showDashboardButton?: boolean;
  /** Opens the Task History panel; without it History goes to /dashboard?panel=history. */
  onHistoryClick?: () => void;
  /** Opens the AI Settings panel; without it Settings goes to /dashboard?panel=settings. */
  onSettingsClick?: () => void;
};

type AccountActionsProps = AccountActionsOptions & {
  /** Full-width buttons for the small-screen menu. */
  stacked?: boolean;
  /** Called after any button is used (closes the small-screen menu). */
  onAction?: () => void;
};

/** Login/Register for visitors; History, Settings, Dashboard and Logout for a signed-in user. */
export function AccountActions({
  simplified = false,
  showDashboardButton = false,
  onHistoryClick,
  onSettingsClick,
  stacked = false,
  onAction,
}: AccountActionsProps) {
  const { user, isLoading, logout } = useSession();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  // Nothing to offer until we know whether someone is signed in; avoids a Login button flash.
  if (isLoading) return null;

  if (!user) {
    return (
      <>
        <Button
          component={Link}
          to="/auth"
          variant="default"
          fullWidth={stacked}
          onClick={onAction}
        >
          Login
        </Button>
        <Button component={Link} to="/auth?tab=register" fullWidth={stacked} onClick={onAction}>
          Register
        </Button>
      </>
    );
  }

  const handleLogout = async () => {
    setIsLoggingOut(true);
    try {
      await logout();
      showToast({
        title: 'Logged out',
        message: 'You have been logged out successfully.',
      });
      onAction?.();
    } catch (error) {
      showToast({
        destructive: true,
        title: 'Logout failed',
        message: serverError(error) ?? 'Logout failed. Please try again.',
      });
    } finally {
      setIsLoggingOut(false);
    }
  };

  const runAndClose = (action: () => void) => () => {
    onAction?.();
    action();
  };
  // The dashboard opens its panels from this query parameter.
  const openDashboardPanel = (panel: 'history' | 'settings') => () =>
    navigate(`/dashboard?panel=${panel}`);

  return (
    <>
      {showDashboardButton && (
        <Button
          component={Link}
          to="/dashboard"
          variant="light"
          fullWidth={stacked}
          leftSection={<IconLayoutDashboard size={16} aria-hidden />}
          onClick={onAction}
        >
          Dashboard
        </Button>
      )}
      {!simplified && (
        <Button
          variant="default"
          fullWidth={stacked}
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={runAndClose(onHistoryClick ?? openDashboardPanel('history'))}
        >
          History
        </Button>
      )}
      {!simplified && (
        <Button
          variant="default"
          fullWidth={stacked}
          leftSection={<IconSettings size={16} aria-hidden />}
          onClick={runAndClose(onSettingsClick ?? openDashboardPanel('settings'))}
        >
          Settings
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        fullWidth={stacked}
        leftSection={<IconLogout size={16} aria-hidden />}
        loading={isLoggingOut}
        onClick={handleLogout}
      >
        Logout
      </Button>
    </>
  );
}
