import { Code, List, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Notice } from '../../components/Notice';

/** Props of {@link ModelUnreachableNotice}. */
export type ModelUnreachableNoticeProps = {
  /** The model endpoint the server tried. */
  endpoint: string;
};

const command = { wordBreak: 'break-all' } as const;

/** The port Flows looks for the model server on (LM Studio's own default is 1234). */
export function portOf(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return url.port || (url.protocol === 'https:' ? '443' : '80');
  } catch {
    return '1234';
  }
}

/**
 * Tells a new user, before their first run, that no model server answers at the endpoint the
 * server tried, and the ways to get one: LM Studio, Ollama through MODEL_ENDPOINT, or the demo.
 */
export function ModelUnreachableNotice({ endpoint }: ModelUnreachableNoticeProps) {
  return (
    <Notice color="orange" radius="md" icon={IconPlugConnectedX} title="No model server answers">
      <Stack gap="xs">
        <Text size="sm">
          Runs need an OpenAI-compatible model server, and none answered at{' '}
          <Code style={command}>{endpoint}</Code>. To fix it:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            Start LM Studio, load a model and start its server on port {portOf(endpoint)}.
          </List.Item>
          <List.Item>
            Or start Ollama and point Flows at it:{' '}
            <Code style={command}>MODEL_ENDPOINT=http://localhost:11434/v1 pnpm start</Code>
          </List.Item>
          <List.Item>
            Or run <Code>pnpm demo</Code> to try a full run with the scripted demo model.
          </List.Item>
        </List>
        <Text size="xs" c="dimmed">
          This notice goes away by itself once the model server answers.
        </Text>
      </Stack>
    </Notice>
  );
}
