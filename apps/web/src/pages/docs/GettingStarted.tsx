import { Anchor, Code, List, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DocSection, DocText } from './DocSection';

/** Docs tab: what Flows is and the quick-start steps. */
export function GettingStarted() {
  return (
    <Stack gap="xl">
      <DocSection title="What Flows does">
        <DocText>
          Flows turns a goal written in plain language into a finished result. A language model
          splits the goal into a short list of tasks, Flows runs the tasks one by one, shows every
          step in a live feed and combines the task results into a final answer.
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
          to keep your task history, save AI settings and set up integrations with outside services.
        </DocText>
      </DocSection>

      <DocSection title="The AI model behind Flows">
        <DocText>
          Flows talks to a language model through an OpenAI-compatible server. By default that is a
          local LM Studio server at <Code>http://localhost:1234/v1</Code>; whoever runs your Flows
          installation can point it at Ollama, OpenAI or another compatible service instead. If runs
          fail with connection errors, check that the model server is running.
        </DocText>
      </DocSection>
    </Stack>
  );
}
