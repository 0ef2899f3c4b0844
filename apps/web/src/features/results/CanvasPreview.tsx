import { ActionIcon, Box, Button, Group, Tooltip } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useState } from 'react';
import { PreviewFrame } from './PreviewFrame';

// Zoom is kept in tenths (5 to 20, steps of 1) so 0.5 to 2.0 in steps of 0.1 adds up exactly.
const MIN_ZOOM_TENTHS = 5;
const MAX_ZOOM_TENTHS = 20;
const DEFAULT_ZOOM_TENTHS = 10;

/** The zoom after a step of `direction` (+1 in, -1 out), within 0.5 to 2.0, in tenths. */
export function stepZoom(tenths: number, direction: 1 | -1): number {
  return Math.min(MAX_ZOOM_TENTHS, Math.max(MIN_ZOOM_TENTHS, tenths + direction));
}

/** Props of {@link CanvasPreview}. */
export type CanvasPreviewProps = { html: string; title: string; height: number };

/**
 * The canvas rendering of a preview: the page laid out on a canvas that zooms from 50% to 200% in
 * steps of 10% (zoomed out, the page is laid out wider and shown smaller), with zoom out, zoom in
 * and a reset to 100%.
 */
export function CanvasPreview({ html, title, height }: CanvasPreviewProps) {
  const [tenths, setTenths] = useState(DEFAULT_ZOOM_TENTHS);
  const zoom = tenths / 10;
  return (
    <Box>
      <Group gap={4} px="sm" py={4} justify="flex-end">
        <Tooltip label="Zoom out" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={() => setTenths((current) => stepZoom(current, -1))}
            disabled={tenths <= MIN_ZOOM_TENTHS}
            aria-label="Zoom out"
          >
            <IconZoomOut size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Reset to 100%" withArrow>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => setTenths(DEFAULT_ZOOM_TENTHS)}
            aria-label={`Zoom ${tenths * 10}%, reset to 100%`}
            miw={52}
          >
            {tenths * 10}%
          </Button>
        </Tooltip>
        <Tooltip label="Zoom in" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={() => setTenths((current) => stepZoom(current, 1))}
            disabled={tenths >= MAX_ZOOM_TENTHS}
            aria-label="Zoom in"
          >
            <IconZoomIn size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box
        style={{
          height,
          overflow: 'hidden',
          background: 'var(--mantine-color-default-hover)',
        }}
      >
        <Box
          data-zoom={zoom}
          style={{
            width: `${100 / zoom}%`,
            height: height / zoom,
            transform: `scale(${zoom})`,
            transformOrigin: 'top left',
          }}
        >
          <PreviewFrame key={html} html={html} title={title} style={{ height: '100%' }} />
        </Box>
      </Box>
    </Box>
  );
}
