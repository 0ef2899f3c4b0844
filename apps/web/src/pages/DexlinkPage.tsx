import { IdeWorkspace } from '../features/ide';

/** The in-browser coding environment: files, editor, live preview, assistant chat and deploy. */
export function DexlinkPage() {
  return (
    <>
      <title>IDE · Flows</title>
      <IdeWorkspace />
    </>
  );
}
