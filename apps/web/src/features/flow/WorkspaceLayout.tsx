import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { HEADER_HEIGHT } from '../../components/layout/Header';
import classes from './WorkspaceLayout.module.css';

/** Props of {@link WorkspaceLayout}. */
export type WorkspaceLayoutProps = {
  /** Quick Templates and the model: hidden under 768 px, under the task list up to 1200 px. */
  left: ReactNode;
  /** The execution panel and the goal input. */
  centre: ReactNode;
  /** The task list: beside the centre from 768 px, below it on phones. */
  right: ReactNode;
};

/** Under Mantine's `sm` (768 px), where the left column is hidden. */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * The goal workspace's three columns. From 768 px the task list stays beside the feed, with the
 * left column's content under it; from 1200 px the left column has its own place. On phones the
 * left column is not even rendered (a phone's slow first render would build it for nothing);
 * the width is read in the first render, which is in the browser only.
 */
export function WorkspaceLayout({ left, centre, right }: WorkspaceLayoutProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <div className={classes.workspace}>
      {!phone && (
        <Box className={classes.left} visibleFrom="sm" style={{ top: HEADER_HEIGHT + 16 }}>
          {left}
        </Box>
      )}
      <div className={classes.centre}>{centre}</div>
      <div className={classes.right}>{right}</div>
    </div>
  );
}
