import {
  Alert,
  Button,
  Divider,
  Group,
  type MantineSize,
  Modal,
  Stack,
  type StyleProp,
  Text,
  Textarea,
} from '@mantine/core';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { contractRules, type FormSchema } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { errorMessage, showError } from './errors';
import type { IntegrationItem, ItemKind, ItemQuery } from './itemKind';
import { followHost, hasSavedSecrets, sameOrigin } from './secrets';
import { type PickableTemplate, TemplatePicker } from './TemplatePicker';
import type { ItemDialogProps } from './useItemDialog';

/** How one kind's form maps its item, its templates and what it sends to and from the fields. */
export type ItemFormSpec<T, V, TInput, TTemplate> = {
  /** The fields of a new item. */
  newValues: V;
  /** The fields of a saved item (secrets stay masked). */
  fromItem: (item: T) => V;
  /** The fields a template fills in. */
  fromTemplate: (template: TTemplate) => V;
  /** What create and update send. */
  toInput: (values: V) => TInput;
  /** The API's contract of what create sends: the form's rules, with the server's messages. */
  schema: FormSchema;
  /** The address saved secrets belong to: they do not move to another host. */
  address: (values: V) => string;
  /** Fields that may hold a saved secret's mask. */
  secretFields: readonly (keyof V & string)[];
};

/** Props of {@link ItemFormDialog}. */
export type ItemFormDialogProps<T> = ItemDialogProps<T> & {
  /** The kind, for its title ('Add Webhook'). */
  kind: { names: { title: string } };
  size: MantineSize;
  /** The form; `item` null adds a new one. */
  Form: ComponentType<{ item: T | null; onDone: () => void }>;
};

/** The Add / Edit dialog of a kind: 'Add {title}' or 'Edit {title}' around a fresh form. */
export function ItemFormDialog<T extends IntegrationItem>({
  opened,
  item,
  onClose,
  kind,
  size,
  Form,
}: ItemFormDialogProps<T>) {
  const { title } = kind.names;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item ? `Edit ${title}` : `Add ${title}`}
      size={size}
    >
      <Form key={item?.id ?? 'new'} item={item} onDone={onClose} />
    </Modal>
  );
}

/** What {@link useItemForm} needs: the kind, its form, the item to edit (null adds one). */
export type ItemFormOptions<T extends IntegrationItem, V, TInput, TTemplate, TExecuteInput> = {
  kind: ItemKind<T, TInput, TTemplate, TExecuteInput>;
  spec: ItemFormSpec<T, V, TInput, TTemplate>;
  item: T | null;
  onDone: () => void;
};

/** An Add / Edit form's state, from {@link useItemForm}. */
export type ItemFormEditor<V, TTemplate> = {
  form: UseFormReturnType<V>;
  /** The kind's title: 'Webhook', 'API Integration'. */
  title: string;
  /** True for Edit, false for Add. */
  editing: boolean;
  templates: ItemQuery<readonly TTemplate[]>;
  applyTemplate: (template: TTemplate) => void;
  submit: (values: V) => Promise<void>;
  /** True while the address is on another host than the saved one, whose secrets were cleared. */
  secretsCleared: boolean;
  /** Closes the form. */
  onDone: () => void;
};

/**
 * The state of an Add / Edit form: its fields (saved secrets follow the address's host), the
 * templates and applying one, and the submit that creates or updates with its toasts.
 */
export function useItemForm<
  T extends IntegrationItem,
  V extends Record<string, unknown>,
  TInput extends { name: string },
  TTemplate extends PickableTemplate,
  TExecuteInput,
>({
  kind,
  spec,
  item,
  onDone,
}: ItemFormOptions<T, V, TInput, TTemplate, TExecuteInput>): ItemFormEditor<V, TTemplate> {
  const { title, noun } = kind.names;
  const cache = kind.useCache();
  const create = kind.router.create.useMutation();
  const update = kind.router.update.useMutation();
  const templates = kind.router.templates.useQuery(undefined, { enabled: !item });
  const saved = item ? spec.fromItem(item) : spec.newValues;
  const rules = contractRules(spec.schema);

  const form = useForm<V>({
    initialValues: saved,
    // What the form sends is checked, so each field shows the server's message for it.
    validate: (values) => rules(spec.toInput(values)),
    onValuesChange: (values, previous) => {
      const address = spec.address(values);
      if (!item || address === spec.address(previous)) return;
      const moved = !sameOrigin(address, spec.address(saved));
      if (moved === !sameOrigin(spec.address(previous), spec.address(saved))) return;
      form.setValues(followHost(values, saved, spec.secretFields, moved));
    },
  });
  const secretsCleared =
    item !== null &&
    !sameOrigin(spec.address(form.values), spec.address(saved)) &&
    hasSavedSecrets(saved, spec.secretFields);

  const applyTemplate = (template: TTemplate) => {
    form.setValues(spec.fromTemplate(template));
    form.clearErrors();
    showToast({
      title: 'Template applied',
      message: `The ${template.name} template has been applied.`,
    });
  };

  const submit = async (values: V) => {
    const input = spec.toInput(values);
    try {
      if (item) {
        await update.mutateAsync({ id: item.id, ...input });
        showToast({ title: `${title} updated`, message: `${input.name} has been saved.` });
      } else {
        await create.mutateAsync(input);
        showToast({ title: `${title} created`, message: `${input.name} is ready to execute.` });
      }
    } catch (error) {
      showError(
        errorMessage(error, item ? `Failed to update ${noun}` : `Failed to create ${noun}`),
      );
      return;
    }
    await cache.list.invalidate();
    onDone();
  };

  const editing = item !== null;
  return { form, title, editing, templates, applyTemplate, submit, secretsCleared, onDone };
}

/** Props of {@link ItemForm}. */
export type ItemFormProps<V extends { description: string }, TTemplate extends PickableTemplate> = {
  editor: ItemFormEditor<V, TTemplate>;
  /** Shows where the first invalid field is, when it is out of sight. */
  onInvalid?: (errors: FormErrors) => void;
  /** The template picker's columns. */
  templateColumns: StyleProp<number>;
  descriptionPlaceholder: string;
  /** The kind's own fields, between the templates and the description. */
  children: ReactNode;
};

/**
 * An Add / Edit form: the template picker (Add only), the kind's fields, Description, and
 * Cancel beside 'Save Changes' or 'Create {title}'.
 */
export function ItemForm<V extends { description: string }, TTemplate extends PickableTemplate>({
  editor,
  onInvalid,
  templateColumns,
  descriptionPlaceholder,
  children,
}: ItemFormProps<V, TTemplate>) {
  const { form, title, editing, templates, onDone } = editor;
  return (
    <form
      onSubmit={form.onSubmit(editor.submit, onInvalid)}
      noValidate
      aria-label={editing ? `Edit ${title}` : `Add ${title}`}
    >
      <Stack gap="md">
        {!editing && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Start from a template
            </Text>
            <TemplatePicker
              templates={templates.data}
              isLoading={templates.isLoading}
              isError={templates.isError}
              cols={templateColumns}
              onPick={editor.applyTemplate}
            />
            <Divider label="or fill in the details" labelPosition="center" mt={4} />
          </Stack>
        )}

        {children}

        <Textarea
          label="Description"
          placeholder={descriptionPlaceholder}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {editing ? 'Save Changes' : `Create ${title}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Says that the saved secrets were cleared because the address moved to another host. */
export function SecretsClearedAlert() {
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
      Saved secrets do not move to a new host, so they were cleared: enter them again.
    </Alert>
  );
}
