import { Box } from '@mantine/core';
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

/**
 * The goal workspace's three columns. From 768 px the task list stays beside the feed, with the
 * left column's content under it; from 1200 px the left column has its own place.
 */
export function WorkspaceLayout({ left, centre, right }: WorkspaceLayoutProps) {
  return (
    <div className={classes.workspace}>
      <Box className={classes.left} visibleFrom="sm" style={{ top: HEADER_HEIGHT + 16 }}>
        {left}
      </Box>
      <div className={classes.centre}>{centre}</div>
      <div className={classes.right}>{right}</div>
    </div>
  );
}
