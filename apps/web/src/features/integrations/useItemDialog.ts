import { useCallback, useState } from 'react';

/** A dialog about one item (or none, for Add). */
export type ItemDialog<T> = {
  opened: boolean;
  /** The item the dialog is about; kept after closing so the closing transition still has it. */
  item: T | null;
  open: (item: T | null) => void;
  close: () => void;
};

/** Props of a dialog about one item (or none, for Add). */
export type ItemDialogProps<T> = { opened: boolean; item: T | null; onClose: () => void };

/** Open/closed state of a dialog that is about one item at a time. */
export function useItemDialog<T>(): ItemDialog<T> {
  const [state, setState] = useState<{ opened: boolean; item: T | null }>({
    opened: false,
    item: null,
  });
  const open = useCallback((item: T | null) => setState({ opened: true, item }), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return { ...state, open, close };
}
