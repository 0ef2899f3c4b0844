import { Anchor, Code, List, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DocSection, DocText } from './DocSection';
import { ModelServers } from './ModelServers';

/** Docs tab: what Flows is and the quick-start steps. */
export function GettingStarted() {
  return (
    <Stack gap="xl">
      <DocSection title="What Flows does">
        <DocText>
          Flows turns a goal written in plain language into a finished result. A language model
          splits the goal into a short list of tasks, Flows runs the tasks one by one on the server,
          shows every step in a live feed and combines the task results into a final answer. It can
          also build a website from a goal and publish it. Runs keep going when you reload or close
          the page.
        </DocText>
      </DocSection>

      <DocSection title="Quick start">
        <List type="ordered" spacing="sm">
          <List.Item>
            Open the{' '}
            <Anchor component={Link} to="/dashboard">
              Dashboard
            </Anchor>
            .
          </List.Item>
          <List.Item>
            Type your goal in <strong>Set Flow Goal</strong>, for example{' '}
            <Code>Compare the three most popular note-taking apps and recommend one</Code>, or pick
            a Quick Template.
          </List.Item>
          <List.Item>
            Decide how tasks should run: leave <strong>AUTO</strong> on to run every task without
            stopping, or turn it off to approve each task yourself.
          </List.Item>
          <List.Item>
            Click <strong>Start Flow</strong> (it reads <strong>Create &amp; Run Tasks</strong> when
            AUTO is on). The task list appears on the right.
          </List.Item>
          <List.Item>
            Follow the steps in <strong>Flow Execution</strong>. When the last task is done, Flows
            writes the final summary.
          </List.Item>
          <List.Item>
            Use <strong>Export</strong> to download the run as a text file, or reuse the goal later
            from <strong>Task History</strong>.
          </List.Item>
        </List>
      </DocSection>

      <DocSection title="Accounts">
        <DocText>
          You can try the dashboard without an account.{' '}
          <Anchor component={Link} to="/auth?tab=register">
            Register
          </Anchor>{' '}
          to keep your task history, set up integrations with outside services and create API tokens
          for your scripts.
        </DocText>
      </DocSection>

      <ModelServers />
    </Stack>
  );
}
