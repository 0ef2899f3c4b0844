import { NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import type { FlowTemplate } from './types';

/** Props of {@link QuickTemplates}. */
export type QuickTemplatesProps = {
  templates: readonly FlowTemplate[] | undefined;
  loading: boolean;
  /** The templates could not be loaded. */
  failed?: boolean;
  onPick: (template: FlowTemplate) => void;
};

/** Maximum height of the scrolling template list (spec: 220 px). */
export const TEMPLATE_LIST_HEIGHT = 220;

/** The Quick Templates: name and one-line description each; picking one fills the goal. */
export function QuickTemplates({
  templates,
  loading,
  failed = false,
  onPick,
}: QuickTemplatesProps) {
  const titleId = useId();
  let body: ReactNode;
  if (loading) {
    body = (
      <Text size="sm" c="dimmed">
        Loading templates...
      </Text>
    );
  } else if (failed) {
    body = (
      <Text size="sm" c="red">
        Templates could not be loaded.
      </Text>
    );
  } else if (!templates?.length) {
    body = (
      <Text size="sm" c="dimmed">
        No templates available
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={TEMPLATE_LIST_HEIGHT} type="auto" offsetScrollbars>
        <Stack component="ul" gap={4} p={0} m={0}>
          {templates.map((template) => (
            <li key={template.id} style={{ listStyle: 'none' }}>
              <NavLink
                component="button"
                type="button"
                onClick={() => onPick(template)}
                label={template.name}
                description={
                  <Text size="xs" c="dimmed" lineClamp={1} component="span">
                    {template.description}
                  </Text>
                }
                title={template.prompt}
                styles={{ label: { fontWeight: 600 } }}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Quick Templates
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
