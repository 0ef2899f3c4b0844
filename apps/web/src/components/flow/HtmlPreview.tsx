import { Stack, Text } from '@mantine/core';

/** Props of {@link HtmlPreview}. */
export type HtmlPreviewProps = { html: string; title?: string };

/**
 * A live preview of an HTML document from a result. The frame may run the page's scripts but is
 * its own opaque origin (no allow-same-origin): it cannot reach Flows, its cookies or storage.
 */
export function HtmlPreview({ html, title = 'Website preview' }: HtmlPreviewProps) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Preview (sandboxed)
      </Text>
      <iframe
        title={title}
        sandbox="allow-scripts"
        srcDoc={html}
        referrerPolicy="no-referrer"
        loading="lazy"
        style={{
          width: '100%',
          height: 320,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: '#fff',
        }}
      />
    </Stack>
  );
}
