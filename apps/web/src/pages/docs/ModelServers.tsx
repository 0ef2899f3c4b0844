import { Code, List, Table } from '@mantine/core';
import { DocSection, DocText } from './DocSection';

/** How the operator points Flows at each kind of OpenAI-compatible model server. */
const servers = [
  {
    name: 'LM Studio (default)',
    setting: 'MODEL_ENDPOINT=http://localhost:1234/v1',
    how: 'Load a model in LM Studio and start its local server on port 1234. Nothing else to set.',
  },
  {
    name: 'Ollama',
    setting: 'MODEL_ENDPOINT=http://localhost:11434/v1',
    how: 'Pull a model (ollama pull llama3.1) and keep Ollama running; its OpenAI-compatible API lives under /v1.',
  },
  {
    name: 'OpenAI',
    setting: 'MODEL_ENDPOINT=https://api.openai.com/v1 MODEL_API_KEY=sk-...',
    how: 'The key is sent to that endpoint only and never shown to users.',
  },
  {
    name: 'Other OpenAI-compatible servers',
    setting: 'MODEL_ENDPOINT=https://your-server/v1',
    how: 'vLLM, llama.cpp server, LocalAI, OpenRouter and similar services work the same way. Further endpoints users may pick go in MODEL_ENDPOINTS_ALLOWED, their keys in MODEL_ENDPOINT_KEYS.',
  },
];

/** Docs section: connecting the model server, and how reasoning models show. */
export function ModelServers() {
  return (
    <>
      <DocSection title="Connecting a model server">
        <DocText>
          Flows does not ship a model: it talks to any server that speaks the OpenAI
          chat-completions protocol. Whoever runs your Flows installation chooses the server with
          environment variables when starting it (for example{' '}
          <Code>MODEL_ENDPOINT=http://localhost:11434/v1 pnpm start</Code>). The dashboard shows
          which model runs use and warns, with the fix, when its server cannot be reached.
        </DocText>
        {/* On a phone the table scrolls in its own box (by keyboard too), not the page. */}
        <Table.ScrollContainer
          minWidth={560}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Model server settings"
        >
          <Table withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Server</Table.Th>
                <Table.Th scope="col">Setting</Table.Th>
                <Table.Th scope="col">What to do</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {servers.map(({ name, setting, how }) => (
                <Table.Tr key={name}>
                  <Table.Td fw={600}>{name}</Table.Td>
                  <Table.Td>
                    <Code>{setting}</Code>
                  </Table.Td>
                  <Table.Td>{how}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <DocText>
          No model server at hand? <Code>pnpm demo</Code> starts Flows with a scripted demo model,
          so a whole run can be watched; the dashboard labels it as a demo.
        </DocText>
      </DocSection>

      <DocSection title="Reasoning models">
        <DocText>
          Reasoning models (DeepSeek-R1, Qwen3 and their distills, OpenAI's o-series through
          compatible servers) think before they answer. Flows keeps the two apart:
        </DocText>
        <List spacing="xs">
          <List.Item>
            The thinking streams into the feed as a <strong>Thinking</strong> step while it arrives,
            whether the server sends it as <Code>reasoning_content</Code> or inside{' '}
            <Code>&lt;think&gt;…&lt;/think&gt;</Code> at the start of the reply.
          </List.Item>
          <List.Item>
            Only the answer after the thinking becomes the task's result and goes into the final
            summary.
          </List.Item>
          <List.Item>
            Thinking takes time: if long answers time out, the operator can raise{' '}
            <Code>MODEL_TIMEOUT_MS</Code> (see Advanced Settings).
          </List.Item>
        </List>
      </DocSection>
    </>
  );
}
