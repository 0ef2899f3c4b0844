import { engineLabel, TEMPERATURE_RANGE } from '@flows/engine';
import { Alert, Badge, Button, Group, Modal, Slider, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCpu, IconGift, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { showToast } from '../../lib/toast';
import {
  type AiSettings,
  DEFAULT_FORM_SETTINGS,
  LOCAL_ENGINE_PROVIDER,
  validateAiSettings,
} from './aiSettings';
import type { ModelInfo } from './types';

/** Props of {@link AiSettingsModal}. */
export type AiSettingsModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The settings saved in this browser; null when none are. */
  saved: AiSettings | null;
  /** The server's model endpoint (the fixed local-engine address). */
  model: ModelInfo | undefined;
  /** Stores the settings; throws when they are invalid. */
  onSave: (settings: AiSettings) => void;
};

/** The settings the form shows on opening: the saved ones, at the server's engine address. */
function formValues(saved: AiSettings | null, model: ModelInfo | undefined): AiSettings {
  const base = saved ?? DEFAULT_FORM_SETTINGS;
  return { ...base, endpoint: model?.endpoint ?? base.endpoint };
}

/**
 * AI Settings: the local engine (fixed here, with its address from the server), the model name
 * and the temperature. The form starts from the saved settings every time it opens; Save
 * validates, stores them in the browser and closes.
 */
export function AiSettingsModal({ opened, onClose, saved, model, onSave }: AiSettingsModalProps) {
  const form = useForm<AiSettings>({
    initialValues: formValues(saved, model),
    validate: (values) => validateAiSettings(values),
  });

  // Reset only when the modal opens, not while the person edits.
  useEffect(() => {
    if (!opened) return;
    form.setValues(formValues(saved, model));
    form.resetDirty();
    form.clearErrors();
  }, [opened]);

  // The server's engine address may arrive after the modal opened.
  const serverEndpoint = model?.endpoint;
  useEffect(() => {
    if (opened && serverEndpoint) form.setFieldValue('endpoint', serverEndpoint);
  }, [opened, serverEndpoint]);

  const submit = form.onSubmit((values) => {
    try {
      onSave({
        ...values,
        provider: LOCAL_ENGINE_PROVIDER,
        endpoint: model?.endpoint ?? values.endpoint,
      });
    } catch (error) {
      form.setErrors(validateAiSettings(values));
      showToast({
        destructive: true,
        title: 'Error',
        message: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    showToast({
      title: 'Settings Saved',
      message: 'Your API settings have been updated successfully.',
    });
    onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title="AI Settings" size="md">
      <form onSubmit={submit} noValidate aria-label="AI Settings">
        <Stack gap="md">
          <Alert
            variant="light"
            color="violet"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={
              <Group gap={6} component="span">
                <span>Local AI Engine</span>
                <Badge size="xs" color="orange" component="span">
                  BETA
                </Badge>
              </Group>
            }
          >
            Flows runs your goals on a locally hosted model. The engine is in beta: replies can be
            slow, and a run may stop when the engine cannot be reached.
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <IconCpu size={18} aria-hidden />
            <Text size="sm" fw={600}>
              Using Proprietary AI Engine
            </Text>
          </Group>
          {form.values.provider === 'huggingface-free' && (
            <Alert variant="light" color="teal" p="xs" icon={<IconGift size={18} aria-hidden />}>
              Free Mode Active
            </Alert>
          )}
          <TextInput
            label="Engine"
            value={engineLabel(LOCAL_ENGINE_PROVIDER)}
            readOnly
            description="Fixed to the local engine in this version"
          />
          <TextInput
            label="Endpoint"
            value={form.values.endpoint}
            readOnly
            description="The local engine address this server calls"
            error={form.errors.endpoint}
          />
          <TextInput label="Model" withAsterisk {...form.getInputProps('model')} />
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                Temperature
              </Text>
              <Text size="sm" ff="monospace" aria-hidden>
                {form.values.temperature.toFixed(1)}
              </Text>
            </Group>
            <Slider
              min={TEMPERATURE_RANGE.min}
              max={TEMPERATURE_RANGE.max}
              step={TEMPERATURE_RANGE.step}
              label={(value) => value.toFixed(1)}
              thumbLabel="Temperature"
              marks={[
                { value: 0, label: '0' },
                { value: 0.5, label: '0.5' },
                { value: 1, label: '1' },
              ]}
              mb="md"
              {...form.getInputProps('temperature')}
            />
            <Text size="xs" c="dimmed">
              Lower is more focused, higher is more creative.
            </Text>
            {form.errors.temperature && (
              <Text size="xs" c="red">
                {form.errors.temperature}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save Settings</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
