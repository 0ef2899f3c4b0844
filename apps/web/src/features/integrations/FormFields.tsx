import {
  Stack,
  Switch,
  type SwitchProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';

/** A textarea for JSON text: monospace, growing with its content, no spell checking. */
export function JsonField({ minRows = 4, maxRows = 14, ...props }: TextareaProps) {
  return (
    <Textarea
      autosize
      minRows={minRows}
      maxRows={maxRows}
      spellCheck={false}
      autoCapitalize="none"
      autoComplete="off"
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      {...props}
    />
  );
}

/** The required address of a form (URL, Base URL): no capitals or spell checking forced on it. */
export function AddressField(props: TextInputProps) {
  return <TextInput withAsterisk autoCapitalize="none" spellCheck={false} {...props} />;
}

/**
 * The 'Use in flows' and 'Ask before each call' switches: whether the owner's runs may call the
 * item as a tool, and whether each such call waits for their approval (always, in manual mode).
 */
export function FlowToolSwitches({
  useInFlows,
  askBeforeCall,
}: {
  useInFlows: SwitchProps;
  askBeforeCall: SwitchProps;
}) {
  return (
    <Stack gap="xs">
      <Switch
        label="Use in flows"
        description="Runs you start may call it as a tool."
        {...useInFlows}
      />
      <Switch
        label="Ask before each call"
        description="A run waits for your approval before calling it, even with AUTO on."
        disabled={!useInFlows.checked}
        {...askBeforeCall}
      />
    </Stack>
  );
}
