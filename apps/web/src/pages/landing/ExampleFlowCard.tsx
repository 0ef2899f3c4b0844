import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBolt, IconBrain, IconCircleCheck, IconListCheck } from '@tabler/icons-react';

const exampleSteps = [
  {
    label: 'Thinking',
    icon: IconBrain,
    color: 'violet',
    content: 'I need to understand the goal: plan the launch of a new mobile app.',
  },
  {
    label: 'Action',
    icon: IconBolt,
    color: 'blue',
    content: 'Analyzing the task using Local AI Engine',
  },
  {
    label: 'Subtask',
    icon: IconListCheck,
    color: 'orange',
    content: 'Define the audience · Draft the timeline · Pick channels · Set the budget',
  },
  {
    label: 'Result',
    icon: IconCircleCheck,
    color: 'teal',
    content: 'Launch plan ready: four tasks completed and combined into one summary.',
  },
];

/** An illustration of the step feed, labelled as an example. */
export function ExampleFlowCard() {
  return (
    <Paper
      component="figure"
      aria-label="Example of a flow run"
      withBorder
      radius="lg"
      p="lg"
      m={0}
      shadow="md"
    >
      <Group justify="space-between" mb="md">
        <Text fw={600}>Flow Execution</Text>
        <Badge variant="light" color="gray">
          Example
        </Badge>
      </Group>
      <Stack gap="sm">
        {exampleSteps.map(({ label, icon: Icon, color, content }) => (
          <Group key={label} align="flex-start" gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={color} radius="xl" size={32}>
              <Icon size={18} aria-hidden />
            </ThemeIcon>
            <Stack gap={2} style={{ flex: 1 }}>
              <Text size="xs" fw={700} c={color} tt="uppercase">
                {label}
              </Text>
              <Paper radius="md" px="sm" py={6} bg="var(--mantine-color-default-hover)">
                <Text size="sm">{content}</Text>
              </Paper>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
