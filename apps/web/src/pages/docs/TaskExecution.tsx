import { Alert, Code, List, SimpleGrid, Stack, Table } from '@mantine/core';
import { IconCloud } from '@tabler/icons-react';
import { Notice } from '../../components/Notice';
import { ResultMarkdown } from '../../features/results/LazyMarkdown';
import { DocSection, DocText } from './DocSection';
import { ServerSideRuns } from './ServerSideRuns';
import toolsAndApproval from './tools-and-approval.md?raw';

const stepTypes = [
  { type: 'Thinking', meaning: 'What the agent is considering before it acts.' },
  { type: 'Action', meaning: 'Something the agent does, such as calling the AI engine.' },
  { type: 'Subtask', meaning: 'The task list or the task being worked on.' },
  { type: 'Result', meaning: 'The outcome of a task, or the final summary.' },
];

/**
 * Docs tab: the step feed, auto versus manual approval, stopping, exporting, server-side runs,
 * tools and their approval.
 */
export function TaskExecution() {
  return (
    <Stack gap="xl">
      <ServerSideRuns />

      <DocSection title="The step feed">
        <DocText>
          Everything the agent does appears in <strong>Flow Execution</strong> as a step with a
          label and the time it happened. The feed scrolls to the newest step.
        </DocText>
        <Table withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Step</Table.Th>
              <Table.Th scope="col">Meaning</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stepTypes.map(({ type, meaning }) => (
              <Table.Tr key={type}>
                <Table.Td fw={600}>{type}</Table.Td>
                <Table.Td>{meaning}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DocSection>

      <DocSection title="Automatic or manual approval">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Alert variant="light" color="violet" title="AUTO on">
            Every task runs without asking. The first task starts 2 seconds after the task list is
            ready, each next one 8 seconds after the previous one finishes, and the final summary
            follows the last task. <strong>Pause AUTO</strong> switches to manual approval, so the
            run waits for you after the current task.
          </Alert>
          <Alert variant="light" color="blue" title="AUTO off (manual)">
            The run stops after the task list, and again after each task, showing{' '}
            <strong>Waiting for your confirmation</strong>. Read what was done, then click{' '}
            <strong>Continue to Next Task</strong> to run the remaining tasks, or{' '}
            <strong>Execute</strong> in the task list to run only the current one and wait again.
          </Alert>
        </SimpleGrid>
        <DocText>
          You can switch AUTO at any time during a run; turning it on with tasks left continues the
          run straight away.
        </DocText>
      </DocSection>

      <DocSection title="Stop, Reset and Export">
        <List spacing="xs">
          <List.Item>
            <strong>Stop Flow</strong> halts the run; finished tasks keep their results. Afterwards{' '}
            <strong>Continue to Next Task</strong> runs on to the end, <strong>Execute</strong> runs
            only the interrupted task, and <strong>Retry</strong> runs the last failed task (or the
            task list) again.
          </List.Item>
          <List.Item>
            <strong>Reset</strong> clears the feed and the task list and turns AUTO back on.
          </List.Item>
          <List.Item>
            <strong>Export</strong> downloads the feed as a text file named with the date, one step
            per line in the form <Code>[yyyy-MM-dd HH:mm:ss] TYPE: content</Code>.
          </List.Item>
        </List>
      </DocSection>

      <ResultMarkdown text={toolsAndApproval} />

      <DocSection title="Websites">
        <DocText>
          When a task produces a web page, Flows saves it and shows a live preview. A later task
          that asks to deploy or publish the site uploads it to the hosting provider and the final
          summary includes its address.
        </DocText>
      </DocSection>

      <Notice color="teal" title="Runs continue on the server" icon={IconCloud}>
        A flow runs on the Flows server, not in your browser tab. You can close the tab or reload
        the page: the run keeps going, and when you open the dashboard again you see every step so
        far and new ones as they arrive.
      </Notice>
    </Stack>
  );
}
