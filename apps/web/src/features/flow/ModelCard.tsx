import { engineLabel } from '@flows/engine';
import { Badge, Group, List, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useId } from 'react';
import { type AiSettings, runEndpoint } from './aiSettings';
import { CommandButton } from './CommandButton';
import type { ModelInfo } from './types';

/** Props of {@link ModelCard}. */
export type ModelCardProps = {
  settings: AiSettings;
  model: ModelInfo | undefined;
  onOpenSettings: () => void;
};

/** Height of the scrolling list of the models the server offers. */
const MODEL_LIST_HEIGHT = 120;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" ff="monospace" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Whether the model server answers: a coloured badge with the word. */
function ReachabilityBadge({ reachable }: { reachable: boolean }) {
  return reachable ? (
    <Badge variant="light" color="teal">
      Online
    </Badge>
  ) : (
    <Badge variant="light" color="red">
      Not reachable
    </Badge>
  );
}

/**
 * Which model new runs use (engine, model, endpoint, temperature), whether the model server
 * answers and which models it offers, with a way to the settings.
 */
export function ModelCard({ settings, model, onOpenSettings }: ModelCardProps) {
  const titleId = useId();
  const modelsId = useId();
  const offered = model?.reachable ? model.models : [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            Current Model
          </Title>
          <Group gap={4}>
            {model && <ReachabilityBadge reachable={model.reachable} />}
            {model?.demo && (
              <Badge
                variant="outline"
                color="gray"
                title="Replies come from the scripted demo model"
              >
                Demo model
              </Badge>
            )}
          </Group>
        </Group>
        <Row label="Engine" value={engineLabel(settings.provider)} />
        <Row label="Model" value={settings.model} />
        <Row
          label="Endpoint"
          value={runEndpoint(settings, model?.allowedEndpoints) ?? model?.endpoint ?? '...'}
        />
        <Row label="Temperature" value={settings.temperature.toFixed(1)} />
        {offered.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" id={modelsId}>
              Models on this server
            </Text>
            <ScrollArea.Autosize mah={MODEL_LIST_HEIGHT} type="auto" offsetScrollbars>
              <List size="xs" listStyleType="none" spacing={2} aria-labelledby={modelsId}>
                {offered.map((name) => (
                  <List.Item key={name} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </Stack>
        )}
        <CommandButton icon={IconSettings} variant="default" onClick={onOpenSettings} mt={4}>
          AI Settings
        </CommandButton>
      </Stack>
    </Paper>
  );
}
