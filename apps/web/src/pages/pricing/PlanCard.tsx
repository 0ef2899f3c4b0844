import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { showToast } from '../../lib/toast';
import { type BillingPeriod, displayedMonthlyPrice, type PricingPlan } from './plans';

/** Tells the visitor, honestly, that sales contact is not open yet. */
function showContactSalesNotice() {
  showToast({
    title: 'Coming Soon',
    message:
      'Contact Sales opens when the Enterprise plan launches. Until then Flows is free for early adopters.',
  });
}

/** One plan: name, price for the chosen billing period, features and its call to action. */
export function PlanCard({ plan, period }: { plan: PricingPlan; period: BillingPeriod }) {
  const price = displayedMonthlyPrice(plan, period);
  const titleId = `plan-${plan.name.toLowerCase()}`;
  const billingNote =
    price === 0
      ? 'No payment needed'
      : period === 'annual'
        ? `Billed annually ($${price * 12} per year)`
        : 'Billed monthly';

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="xl"
      shadow={plan.highlighted ? 'md' : undefined}
      style={
        plan.highlighted
          ? { borderColor: 'var(--mantine-color-violet-filled)', borderWidth: 2 }
          : undefined
      }
    >
      <Stack gap="lg" h="100%">
        <Stack gap={4}>
          <Group justify="space-between" align="center">
            <Title id={titleId} order={2} fz={24}>
              {plan.name}
            </Title>
            {plan.comingSoon && (
              <Badge variant="light" color="yellow">
                Coming Soon
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {plan.summary}
          </Text>
        </Stack>

        <Stack gap={2}>
          <Group gap={4} align="baseline">
            <Text component="span" fz={44} fw={800} lh={1}>
              {`$${price}`}
            </Text>
            <Text component="span" c="dimmed">
              /month
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {billingNote}
          </Text>
        </Stack>

        <List
          spacing="sm"
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="teal">
              <IconCheck size={13} aria-hidden />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>

        <Stack gap="xs">
          {plan.comingSoon ? (
            <Button fullWidth disabled>
              Coming Soon
            </Button>
          ) : (
            <Button component={Link} to="/dashboard" fullWidth>
              Get Started
            </Button>
          )}
          {plan.name === 'Enterprise' && (
            <Button fullWidth variant="default" onClick={showContactSalesNotice}>
              Contact Sales
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
