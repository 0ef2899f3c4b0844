import {
  Center,
  Loader,
  ScrollArea,
  SimpleGrid,
  type StyleProp,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import classes from './TemplatePicker.module.css';
import { templateIcon } from './templateIcons';

/** What the picker needs of a template. */
export type PickableTemplate = {
  id: string;
  name: string;
  description: string;
  icon: string;
  color: string;
};

/** Props of {@link TemplatePicker}. */
export type TemplatePickerProps<T extends PickableTemplate> = {
  templates: readonly T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Grid columns: 2 for webhooks, 3 for API integrations (fewer on phones). */
  cols: StyleProp<number>;
  onPick: (template: T) => void;
};

/** A scrolling grid of built-in templates; choosing one fills the form. */
export function TemplatePicker<T extends PickableTemplate>({
  templates,
  isLoading,
  isError,
  cols,
  onPick,
}: TemplatePickerProps<T>) {
  if (isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading templates" />
      </Center>
    );
  }
  if (isError || !templates) {
    return (
      <Text size="sm" c="dimmed">
        Templates could not be loaded. Fill in the form yourself.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={232} type="auto" offsetScrollbars>
      <SimpleGrid cols={cols} spacing={8} verticalSpacing={8} role="group" aria-label="Templates">
        {templates.map((template) => {
          const TemplateIcon = templateIcon(template.icon);
          return (
            <UnstyledButton
              key={template.id}
              onClick={() => onPick(template)}
              title={template.description}
              aria-label={`Use the ${template.name} template`}
              className={classes.option}
            >
              <ThemeIcon size={28} radius="md" color={template.color} variant="filled">
                <TemplateIcon size={16} aria-hidden />
              </ThemeIcon>
              <Text size="xs" fw={500} lh={1.3} style={{ minWidth: 0 }} lineClamp={2}>
                {template.name}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </ScrollArea.Autosize>
  );
}
