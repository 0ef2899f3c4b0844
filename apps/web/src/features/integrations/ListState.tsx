import { Alert, Button, Center, EmptyState, Loader, Paper, Stack } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The spinner a list shows while it loads. */
export function ListLoading({ label }: { label: string }) {
  return (
    <Center py={64}>
      <Loader aria-label={label} />
    </Center>
  );
}

/** A list that could not load: its title and 'Please try again later'. */
export function ListError({ title }: { title: string }) {
  return (
    <Alert
      variant="light"
      color="red"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      Please try again later
    </Alert>
  );
}

/** Props of {@link ListEmpty}. */
export type ListEmptyProps = {
  title: string;
  description: string;
  icon: ReactNode;
  actionLabel: string;
  onAction: () => void;
};

/** An empty list: what is missing, why to add one, and the button that adds the first. */
export function ListEmpty({ title, description, icon, actionLabel, onAction }: ListEmptyProps) {
  return (
    <Paper withBorder radius="md" py={48} px="md" style={{ borderStyle: 'dashed' }}>
      <EmptyState title={title} description={description} icon={icon} variant="light">
        <EmptyState.Actions>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAction}>
            {actionLabel}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/** Props of {@link ItemList}. */
export type ItemListProps<T> = {
  /** The list query: loading and error decide what shows. */
  query: { isLoading: boolean; isError: boolean };
  items: T[];
  /** The accessible name of the list, e.g. 'Webhooks'. */
  label: string;
  loadingLabel: string;
  errorTitle: string;
  empty: ListEmptyProps;
  renderItem: (item: T) => ReactNode;
};

/** A list in its four states: loading, error, empty and populated. */
export function ItemList<T>(props: ItemListProps<T>) {
  const { query, items, label, loadingLabel, errorTitle, empty, renderItem } = props;
  if (query.isLoading) return <ListLoading label={loadingLabel} />;
  if (query.isError) return <ListError title={errorTitle} />;
  if (items.length === 0) return <ListEmpty {...empty} />;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label={label}>
      {items.map(renderItem)}
    </Stack>
  );
}
