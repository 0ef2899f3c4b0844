import { Code, List, Stack, Table } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Notice } from '../../components/Notice';
import { DocSection, DocText } from './DocSection';

const temperatureGuidance = [
  {
    range: '0.1 – 0.3',
    bestFor: 'Factual work: research, data analysis, summaries, code',
    effect: 'Focused, consistent answers',
  },
  {
    range: '0.7 – 0.9',
    bestFor: 'Creative work: articles, brainstorming, names, stories',
    effect: 'More varied, inventive answers',
  },
];

/** Docs tab: AI settings, temperature guidance, timeouts and automatic retry. */
export function AdvancedSettings() {
  return (
    <Stack gap="xl">
      <DocSection title="AI Settings">
        <DocText>
          Signed-in users open <strong>Settings</strong> in the header to adjust the AI engine: the
          model name sent to the model server (leave it as it is for LM Studio, which answers with
          the loaded model) and the temperature, a slider from 0 to 1 in steps of 0.1 (default 0.7).
          Settings are saved in your browser and used for your next runs; the model server itself is
          chosen by whoever runs Flows (see Getting Started).
        </DocText>
      </DocSection>

      <DocSection title="Choosing a temperature">
        <DocText>
          Temperature controls how adventurous the model's wording is. Lower values give predictable
          answers; higher values give more variety.
        </DocText>
        <Table withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Temperature</Table.Th>
              <Table.Th scope="col">Best for</Table.Th>
              <Table.Th scope="col">What you get</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {temperatureGuidance.map(({ range, bestFor, effect }) => (
              <Table.Tr key={range}>
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {range}
                </Table.Td>
                <Table.Td>{bestFor}</Table.Td>
                <Table.Td>{effect}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DocSection>

      <DocSection title="Timeouts and automatic retry">
        <DocText>
          Model servers can be slow or briefly unreachable, so Flows retries on its own before it
          reports an error:
        </DocText>
        <List spacing="xs">
          <List.Item>
            Each call to the model is attempted up to <strong>3 times</strong>. The wait between
            attempts starts at 1 second and doubles each time, plus a small random delay, and never
            exceeds 15 seconds.
          </List.Item>
          <List.Item>
            An attempt is given up when the model server sends nothing for 2 minutes, whether before
            the answer begins or between two streamed pieces (the operator's{' '}
            <Code>MODEL_TIMEOUT_MS</Code>, 120000 by default).
          </List.Item>
          <List.Item>
            A task whose calls still fail on a timeout or a lost connection is retried up to 2 more
            times, after 5 and then 10 seconds. Other errors (say, the server refusing the model
            name) are reported straight away.
          </List.Item>
          <List.Item>
            If the task cannot be completed, its result explains what went wrong (for example{' '}
            <em>Connection timed out while executing</em> and the task name). In AUTO mode Flows
            moves on to the next task after 10 seconds.
          </List.Item>
        </List>
      </DocSection>

      <Notice color="blue" icon={IconInfoCircle} title="Tips when tasks time out">
        Check that the model server is running and reachable, keep goals focused so each task stays
        short, and try again: long or very broad tasks are the most likely to time out.
      </Notice>
    </Stack>
  );
}
