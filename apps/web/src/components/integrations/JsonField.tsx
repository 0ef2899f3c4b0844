import { Textarea, type TextareaProps } from '@mantine/core';

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
