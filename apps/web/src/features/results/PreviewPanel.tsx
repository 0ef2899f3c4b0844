import { buildPreviewDocument } from '@flows/engine';
import { ActionIcon, Badge, Box, Collapse, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconX } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { PreviewFrame } from './PreviewFrame';
import {
  PREVIEW_BODY_HEIGHT,
  PreviewPanelContext,
  type PreviewState,
  usePreviewPanelState,
} from './previewPanelContext';

/** Props of {@link StandalonePreviewPanel}. */
export type StandalonePreviewPanelProps = {
  preview: PreviewState;
  expanded: boolean;
  onToggle: () => void;
  onClose: () => void;
};

/**
 * The floating preview panel, bottom right: its title, a 'Live Preview' badge, Collapse/Expand
 * and Close; the body is 60vh tall at most 500 px, sandboxed to scripts only. The content is
 * classified by the engine: a fenced block is preferred, a full document shows as is, CSS goes on
 * the demo page, other fragments are wrapped in a base-styled page.
 */
export function StandalonePreviewPanel({
  preview,
  expanded,
  onToggle,
  onClose,
}: StandalonePreviewPanelProps) {
  const document = useMemo(() => buildPreviewDocument(preview.htmlContent), [preview.htmlContent]);
  if (!preview.isVisible) return null;
  const toggleLabel = expanded ? 'Collapse preview' : 'Expand preview';
  return (
    <Paper
      component="section"
      aria-label={preview.title}
      withBorder
      shadow="xl"
      radius="md"
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: 300,
        width: 'min(560px, calc(100vw - 32px))',
        overflow: 'hidden',
      }}
    >
      <Group justify="space-between" px="sm" py={6} gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {preview.title}
          </Text>
          <Badge size="xs" variant="light" color="teal">
            Live Preview
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={expanded ? 'Collapse' : 'Expand'} withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={toggleLabel}>
              {expanded ? (
                <IconChevronDown size={16} aria-hidden />
              ) : (
                <IconChevronUp size={16} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Close" withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close preview">
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Collapse expanded={expanded}>
        <Box style={{ height: PREVIEW_BODY_HEIGHT }}>
          <PreviewFrame
            key={document}
            html={document}
            title={`${preview.title} (live preview)`}
            style={{ height: '100%' }}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}

/**
 * Holds the app's one standalone preview panel: pages and results open it through
 * `usePreviewPanel()`; it floats above every page until closed.
 */
export function PreviewPanelProvider({ children }: { children: ReactNode }) {
  const { preview, expanded, controls, toggle } = usePreviewPanelState();
  return (
    <PreviewPanelContext.Provider value={controls}>
      {children}
      <StandalonePreviewPanel
        preview={preview}
        expanded={expanded}
        onToggle={toggle}
        onClose={controls.hide}
      />
    </PreviewPanelContext.Provider>
  );
}
