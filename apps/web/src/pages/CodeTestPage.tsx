import { ComingSoon } from '../components/ComingSoon';

/** The code execution demo (placeholder until the code runner issue lands). */
export function CodeTestPage() {
  return (
    <ComingSoon
      title="Code Execution Test"
      description="Run HTML, JavaScript and CSS examples in a sandbox and preview websites live."
    />
  );
}
