import { buildPreviewDocument, classifyPreview } from '@flows/engine';
import { Box, Collapse, Group, Paper, SegmentedControl, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconExternalLink } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useToggleRegion } from '../../lib/useToggleRegion';
import { BlockButton, BlockHeader } from './BlockHeader';
import { CanvasPreview } from './CanvasPreview';
import { PreviewFrame } from './PreviewFrame';
import { usePreviewPanel } from './previewPanelContext';

/** The live preview's height, in px. */
export const LIVE_PREVIEW_HEIGHT = 400;
/** How long the preview waits for typing to pause before it shows an edit, in ms. */
const EDIT_DEBOUNCE_MS = 300;

type Renderer = 'canvas' | 'iframe';
const RENDERERS = [
  { label: 'Canvas', value: 'canvas' },
  { label: 'iframe', value: 'iframe' },
];

/** The HTML document for edited preview content, classified as its first reading was. */
function previewDocument(language: 'html' | 'css', content: string): string {
  return buildPreviewDocument(`\`\`\`${language}\n${content}\n\`\`\``);
}

/** Props of {@link WebsitePreviewCard}. */
export type WebsitePreviewCardProps = {
  /** A reply, or any text holding HTML or CSS (fenced or raw). */
  text: string;
  /** The frame's title. */
  title?: string;
};

/**
 * A website found in a result: the HTML or CSS the engine picks (a fenced html block, else a
 * fenced css block, else raw HTML or CSS), shown live 400 px tall in a frame or on a zoomable
 * canvas, with the code editable below (edits update the preview). Expanded by default; it can
 * also be opened in the standalone preview panel.
 */
export function WebsitePreviewCard({ text, title = 'Website preview' }: WebsitePreviewCardProps) {
  const initial = useMemo(() => classifyPreview(text), [text]);
  const language = initial.kind === 'css' ? 'css' : 'html';
  const [source, setSource] = useState(initial.content);
  const [shownSource] = useDebouncedValue(source, EDIT_DEBOUNCE_MS);
  const html = useMemo(() => previewDocument(language, shownSource), [language, shownSource]);
  const [renderer, setRenderer] = useState<Renderer>('iframe');
  const body = useToggleRegion(true);
  const panel = usePreviewPanel();

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden', minWidth: 0 }}>
      <BlockHeader divided>
        <Text size="xs" fw={600} c="dimmed">
          Website Preview
        </Text>
        <Group gap={6}>
          <SegmentedControl
            size="xs"
            data={RENDERERS}
            value={renderer}
            onChange={(value) => setRenderer(value as Renderer)}
            aria-label="Preview rendering"
          />
          {panel && (
            <BlockButton
              icon={IconExternalLink}
              onClick={() => panel.show(`\`\`\`${language}\n${source}\n\`\`\``)}
            >
              Open in preview panel
            </BlockButton>
          )}
          <BlockButton icon={body.open ? IconChevronUp : IconChevronDown} {...body.toggleProps}>
            {body.open ? 'Collapse' : 'Expand'}
          </BlockButton>
        </Group>
      </BlockHeader>
      <Collapse expanded={body.open} id={body.regionId}>
        {renderer === 'canvas' ? (
          <CanvasPreview html={html} title={title} height={LIVE_PREVIEW_HEIGHT} />
        ) : (
          <PreviewFrame
            key={html}
            html={html}
            title={title}
            style={{ height: LIVE_PREVIEW_HEIGHT }}
          />
        )}
        <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Textarea
            label={`Edit the ${language.toUpperCase()} code`}
            description="Changes show in the preview above."
            value={source}
            onChange={(event) => setSource(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={14}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}
