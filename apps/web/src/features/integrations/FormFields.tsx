import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';

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
