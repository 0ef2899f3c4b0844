import { ActionIcon, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { serverError } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { type SessionUser, useSession } from '../../session';
import { isActiveLink, SHOW_DASHBOARD_LINK } from './navigation';

/** Options for the signed-in variant of the header. */
export type AccountActionsOptions = {
  /** Simplified header: History and Settings are hidden. */
  simplified?: boolean;
  /** Shows a Dashboard button to signed-in users; {@link SHOW_DASHBOARD_LINK} when omitted. */
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

/** Room for the name in the header bar: less where the navigation row leaves little (md to lg). */
const nameWidth = { base: 120, md: 80, lg: 120 };

/** Who is signed in: their display name, or their username when they gave none. */
function SignedInUser({ user, stacked }: { user: SessionUser; stacked: boolean }) {
  const name = user.displayName?.trim() || user.username;
  return (
    <Group gap={6} wrap="nowrap" px={stacked ? 'xs' : 0} py={stacked ? 4 : 0} miw={0}>
      <IconUserCircle size={20} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" fw={600} truncate maw={stacked ? undefined : nameWidth} title={name}>
        <VisuallyHidden component="span">Signed in as </VisuallyHidden>
        {name}
      </Text>
    </Group>
  );
}

/** Props of {@link AccountButton}. */
type AccountButtonProps = {
  label: string;
  icon: Icon;
  stacked: boolean;
  /** Makes it a link to this path. */
  to?: string;
  /** It links to the page being shown. */
  current?: boolean;
  variant?: 'default' | 'light' | 'subtle';
  color?: string;
  loading?: boolean;
  onClick?: () => void;
  /** In the header bar only from wide screens (lg) up, where the navigation row leaves room. */
  wideOnly?: boolean;
};

/**
 * One signed-in action: a labelled button in the small-screen menu; in the header bar, where the
 * navigation row leaves no room for labels, an icon button named by its label and a tooltip.
 */
function AccountButton({
  label,
  icon: Glyph,
  stacked,
  to,
  current = false,
  variant = 'default',
  wideOnly = false,
  ...rest
}: AccountButtonProps) {
  const shared = {
    variant,
    'aria-current': current ? ('page' as const) : undefined,
    renderRoot: to ? (props: Record<string, unknown>) => <Link to={to} {...props} /> : undefined,
    ...rest,
  };
  if (stacked) {
    return (
      <Button fullWidth leftSection={<Glyph size={16} aria-hidden />} {...shared}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={label}>
      <ActionIcon
        size="lg"
        aria-label={label}
        visibleFrom={wideOnly ? 'lg' : undefined}
        {...shared}
      >
        <Glyph size={18} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Login/Register for visitors; History, Settings, API tokens, Dashboard and Logout for a signed-in
 * user.
 */
export function AccountActions({
  simplified = false,
  showDashboardButton = SHOW_DASHBOARD_LINK,
  onHistoryClick,
  onSettingsClick,
  stacked = false,
  onAction,
}: AccountActionsProps) {
  const { user, isLoading, logout } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
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

  const onDashboard = isActiveLink('/dashboard', pathname);

  return (
    <>
      <SignedInUser user={user} stacked={stacked} />
      {showDashboardButton && (
        <AccountButton
          label="Dashboard"
          icon={IconLayoutDashboard}
          stacked={stacked}
          to="/dashboard"
          current={onDashboard}
          variant={onDashboard ? 'light' : 'default'}
          onClick={onAction}
        />
      )}
      {!simplified && (
        <AccountButton
          label="History"
          icon={IconHistory}
          stacked={stacked}
          onClick={runAndClose(onHistoryClick ?? openDashboardPanel('history'))}
        />
      )}
      {!simplified && (
        <AccountButton
          label="Settings"
          icon={IconSettings}
          stacked={stacked}
          onClick={runAndClose(onSettingsClick ?? openDashboardPanel('settings'))}
        />
      )}
      {!simplified && (
        <AccountButton
          label="API tokens"
          icon={IconKey}
          stacked={stacked}
          to="/settings/tokens"
          current={isActiveLink('/settings/tokens', pathname)}
          wideOnly
          onClick={onAction}
        />
      )}
      <AccountButton
        label="Logout"
        icon={IconLogout}
        stacked={stacked}
        variant="subtle"
        color="red"
        loading={isLoggingOut}
        onClick={handleLogout}
      />
    </>
  );
}
