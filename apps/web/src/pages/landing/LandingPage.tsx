import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { integrationServices, landingFeatures } from './content';
import { ExampleFlowCard } from './ExampleFlowCard';

/** The public landing page: hero, Key Features, Integration Ecosystem and a closing call to action. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <KeyFeatures />
      <IntegrationEcosystem />
      <ClosingCallToAction />
    </>
  );
}

function Hero() {
  return (
    <Box component="section" aria-labelledby="hero-title" py={{ base: 56, md: 96 }}>
      <Container size="lg">
        <Grid gap={{ base: 40, md: 64 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Group gap="sm" align="center">
                <Title id="hero-title" order={1} fz={{ base: 48, sm: 64 }} lh={1}>
                  <Text
                    component="span"
                    inherit
                    variant="gradient"
                    gradient={{ from: 'violet.5', to: 'blue.5', deg: 90 }}
                  >
                    Flows
                  </Text>
                </Title>
                <Badge size="lg" variant="light" color="violet">
                  BETA
                </Badge>
              </Group>
              <Text fz={{ base: 'lg', sm: 22 }} fw={500}>
                Describe a goal. Flows plans the tasks, runs them with an AI agent and hands you the
                combined result.
              </Text>
              <Text c="dimmed">
                Connect the services you already use, follow every step as it happens, and start
                from templates. Free for early adopters while Flows is in beta.
              </Text>
              <Group gap="sm">
                <Button
                  component={Link}
                  to="/dashboard"
                  size="md"
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                >
                  Get Started with Flows
                </Button>
                <Button component={Link} to="/integrations" size="md" variant="default">
                  Explore Integrations
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ExampleFlowCard />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
  return (
    <Stack gap="xs" align="center" ta="center" mb={40}>
      <Title id={id} order={2} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      <Text c="dimmed" maw={620}>
        {lead}
      </Text>
    </Stack>
  );
}

function KeyFeatures() {
  return (
    <Box
      component="section"
      aria-labelledby="features-title"
      py={{ base: 56, md: 80 }}
      bg="var(--mantine-color-default-hover)"
    >
      <Container size="lg">
        <SectionHeading
          id="features-title"
          title="Key Features"
          lead="Everything you need to go from a goal to a finished result, in one workspace."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {landingFeatures.map(({ title, description, icon: Icon, color }) => (
            <Card key={title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" color={color} mb="md">
                <Icon size={24} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function IntegrationEcosystem() {
  return (
    <Box component="section" aria-labelledby="integrations-title" py={{ base: 56, md: 80 }}>
      <Container size="lg">
        <SectionHeading
          id="integrations-title"
          title="Integration Ecosystem"
          lead="Reach the tools your team works in through webhooks and API integrations."
        />
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          {integrationServices.map(({ name, description, icon: Icon, color }) => (
            <Paper key={name} withBorder radius="lg" p="md" ta="center">
              <ThemeIcon size={48} radius="xl" variant="light" color={color} mx="auto" mb="sm">
                <Icon size={26} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Text component="h3" fw={600} m={0}>
                {name}
              </Text>
              <Text size="xs" c="dimmed">
                {description}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="center" mt={40}>
          <Button
            component={Link}
            to="/integrations"
            variant="light"
            leftSection={<IconPlugConnected size={18} aria-hidden />}
          >
            View All Integrations
          </Button>
        </Group>
      </Container>
    </Box>
  );
}

function ClosingCallToAction() {
  return (
    <Box component="section" aria-labelledby="get-started-title" pb={{ base: 56, md: 96 }}>
      <Container size="md">
        <Paper
          radius="xl"
          p={{ base: 'xl', sm: 48 }}
          ta="center"
          style={{
            backgroundImage:
              'linear-gradient(135deg, var(--mantine-color-violet-filled), var(--mantine-color-cyan-filled))',
          }}
        >
          <Stack gap="md" align="center">
            <Title id="get-started-title" order={2} c="white">
              Ready to Get Started?
            </Title>
            <Text c="white" maw={520} style={{ opacity: 0.9 }}>
              Set your first goal and watch Flows plan it, run it and report back. Flows is free for
              early adopters during the beta.
            </Text>
            <Button
              component={Link}
              to="/dashboard"
              size="md"
              variant="white"
              color="dark"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Launch the Dashboard
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
