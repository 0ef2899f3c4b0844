import { Container, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Notice } from './Notice';

/** Props of {@link ComingSoon}. */
export type ComingSoonProps = {
  /** The page's heading (also used for the document title). */
  title: string;
  /** What the page will offer once it is built. */
  description: ReactNode;
};

/** Body of a page whose feature is still being built: its title and an honest notice. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <Container size="md" py={64}>
      <title>{`${title} · Flows`}</title>
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {description}
        </Text>
        <Notice color="yellow" title="Not available yet" icon={IconTools}>
          This part of Flows is being built and is not available yet. Check back soon.
        </Notice>
      </Stack>
    </Container>
  );
}
