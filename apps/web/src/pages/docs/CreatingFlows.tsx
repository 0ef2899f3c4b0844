import { Code, List, Stack, Table } from '@mantine/core';
import { DocSection, DocText } from './DocSection';

const fallbackStructures = [
  {
    goal: 'A story, an explanation ("explain", "what is"), a joke, a list or a how-to',
    tasks: 'One task that answers the goal directly',
  },
  {
    goal: 'Creating, building, making, developing or designing a website',
    tasks: 'Five tasks, from planning the site to deploying it',
  },
  { goal: 'Anything else', tasks: "One task: 'Analyze and respond'" },
];

/** Docs tab: goals, how tasks are generated, writing good goals. */
export function CreatingFlows() {
  return (
    <Stack gap="xl">
      <DocSection title="Goals and tasks">
        <DocText>
          A flow starts from a <strong>goal</strong>: free text describing the outcome you want.
          Flows asks the model to break the goal into <strong>tasks</strong>, small steps that can
          be run one after another. The task list on the right shows each task with its number, a
          check mark once it is done, and a badge counting completed tasks against the total.
        </DocText>
        <DocText>
          The model's reply is read as a JSON list of tasks, or as numbered or bulleted lines; at
          most five tasks are used. Each task's result is kept, and completed tasks are struck
          through with a short preview of their result.
        </DocText>
      </DocSection>

      <DocSection title="Files with a goal">
        <DocText>
          Attach files to a goal with the paperclip or by dropping them on the goal box, for example
          a contract with <em>Summarise this contract and list its deadlines</em>. Flows reads PDF
          (its text layer), Word (.docx), plain text, Markdown, CSV, JSON and HTML documents, and
          PNG, JPEG, WebP and GIF images, up to 10 MB per file and 5 files per run by default. The
          text is read once at upload; the task list and every task get it (a long document is split
          into numbered parts, and a task can name one, such as <Code>contract.pdf part 2</Code>),
          and images go to the model as images. A scanned PDF without a text layer is reported as
          such. Signed-in users find their uploads again under <em>My files</em>.
        </DocText>
      </DocSection>

      <DocSection title="When the model's reply cannot be read">
        <DocText>
          If no task list can be found in the reply, Flows picks a default structure from the words
          in your goal:
        </DocText>
        <Table withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Your goal is about</Table.Th>
              <Table.Th scope="col">Tasks created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fallbackStructures.map(({ goal, tasks }) => (
              <Table.Tr key={goal}>
                <Table.Td>{goal}</Table.Td>
                <Table.Td>{tasks}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DocSection>

      <DocSection title="Writing a good goal">
        <List spacing="xs">
          <List.Item>Say what the result should be: a report, a plan, a list, a website.</List.Item>
          <List.Item>
            Name the audience and the format, for example “a one-page brief for managers”.
          </List.Item>
          <List.Item>
            Add limits that matter: length, budget, deadline, tools to use or avoid.
          </List.Item>
          <List.Item>
            Keep one goal per flow; split very large projects into several flows.
          </List.Item>
        </List>
        <DocText>
          Example:{' '}
          <Code>
            Plan a two-week launch for our budgeting app aimed at students, with channels and a
            small budget
          </Code>
        </DocText>
      </DocSection>

      <DocSection title="Entering a goal">
        <DocText>
          In the compact goal box, press Enter to send and Shift+Enter for a new line. An empty goal
          is not accepted: Flows asks you to enter a goal first.
        </DocText>
      </DocSection>
    </Stack>
  );
}
