import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a dialog (a React.lazy one) from the first time it opens: a page neither loads nor
 * renders the dialogs nobody opens. Once opened it stays, for its closing transition.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  return used ? <Suspense fallback={null}>{children}</Suspense> : null;
}
