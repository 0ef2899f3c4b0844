import { ComingSoon } from '../components/ComingSoon';

/** The main goal workspace (placeholder until the workspace issue lands). */
export function DashboardPage() {
  return (
    <ComingSoon
      title="Dashboard"
      description="Set a goal, let Flows split it into tasks, and follow every step of the run in a live feed, with the task list beside it."
    />
  );
}
