import { List } from '@mantine/core';
import { DocSection, DocText } from './DocSection';

/** Docs section: runs live on the server, not in the browser tab. */
export function ServerSideRuns() {
  return (
    <DocSection title="Runs live on the server">
      <DocText>
        A flow runs on the Flows server, not in your browser. Starting it only sends the goal; the
        server plans the tasks, calls the model, and stores every step as it happens.
      </DocText>
      <List spacing="xs">
        <List.Item>
          Reloading the page, closing the tab or losing the connection does not stop the run. Open
          the dashboard again and the feed catches up with every step it missed, then follows the
          run live.
        </List.Item>
        <List.Item>
          A server restart does not lose it either: the run resumes from its last completed step,
          and finished steps are never run twice.
        </List.Item>
        <List.Item>
          Signed in, your runs are in <strong>Task History</strong>, so you can come back to them
          from another device. Scripts can start and follow runs too (see the API tab).
        </List.Item>
      </List>
    </DocSection>
  );
}
