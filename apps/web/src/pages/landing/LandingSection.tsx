import { Box, type BoxProps, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LandingIcon } from './content';

/** The two looks of a tile: a roomy Key Features card, a small centred service tile. */
const TILE_LOOKS = {
  feature: { padding: 'lg', shape: 44, radius: 'md', icon: 24, gap: 'md', title: 'lg', text: 'sm' },
  service: { padding: 'md', shape: 48, radius: 'xl', icon: 26, gap: 'sm', title: 'md', text: 'xs' },
} as const;

/** A tile: its icon in a tinted shape, its name (a level-3 heading) and a line about it. */
export function IconTile({
  name,
  description,
  icon: TileIcon,
  color,
  look,
}: {
  name: string;
  description: string;
  icon: LandingIcon;
  color: string;
  look: keyof typeof TILE_LOOKS;
}) {
  const centred = look === 'service';
  const { padding, shape, radius, icon, gap, title, text } = TILE_LOOKS[look];
  return (
    <Paper withBorder radius="lg" p={padding} ta={centred ? 'center' : undefined}>
      <ThemeIcon
        size={shape}
        radius={radius}
        variant="light"
        color={color}
        mx={centred ? 'auto' : undefined}
        mb={gap}
      >
        <TileIcon size={icon} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Title order={3} fz={title} {...(centred ? { fw: 600, lh: 'md' } : { mb: 6 })}>
        {name}
      </Title>
      <Text size={text} c="dimmed">
        {description}
      </Text>
    </Paper>
  );
}

/** A titled section of the landing page: its heading and lead centred above its content. */
export function LandingSection({
  id,
  title,
  lead,
  children,
  ...box
}: { id: string; title: string; lead: string; children: ReactNode } & BoxProps) {
  return (
    <Box component="section" aria-labelledby={id} py={{ base: 56, md: 80 }} {...box}>
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" mb={40}>
          <Title id={id} order={2} fz={{ base: 28, sm: 36 }}>
            {title}
          </Title>
          <Text c="dimmed" maw={620}>
            {lead}
          </Text>
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
