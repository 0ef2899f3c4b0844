import { ComingSoon } from '../components/ComingSoon';

/** The in-browser coding environment (placeholder until the IDE issue lands). */
export function DexlinkPage() {
  return (
    <ComingSoon
      title="IDE"
      description="Create and edit files in the browser, see a live preview, and ask an AI assistant to write code for you."
    />
  );
}
