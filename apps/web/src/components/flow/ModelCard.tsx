import { engineLabel } from '@flows/engine';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { type AiSettings, runEndpoint } from './aiSettings';
import type { ModelInfo } from './types';

/** Props of {@link ModelCard}. */
export type ModelCardProps = {
  settings: AiSettings;
  model: ModelInfo | undefined;
  onOpenSettings: () => void;
};

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

/** Which model new runs use (engine, model, endpoint, temperature), with a way to the settings. */
export function ModelCard({ settings, model, onOpenSettings }: ModelCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="model-card-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="model-card-title">
            Current Model
          </Title>
          {model?.demo && (
            <Badge variant="outline" color="gray" title="Replies come from the scripted demo model">
              Demo model
            </Badge>
          )}
        </Group>
        <Row label="Engine" value={engineLabel(settings.provider)} />
        <Row label="Model" value={settings.model} />
        <Row
          label="Endpoint"
          value={runEndpoint(settings, model?.allowedEndpoints) ?? model?.endpoint ?? '...'}
        />
        <Row label="Temperature" value={settings.temperature.toFixed(1)} />
        <Button
          variant="default"
          size="xs"
          leftSection={<IconSettings size={14} aria-hidden />}
          onClick={onOpenSettings}
          mt={4}
        >
          AI Settings
        </Button>
      </Stack>
    </Paper>
  );
}
