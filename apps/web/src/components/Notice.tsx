import { Alert, type AlertProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** Props of {@link Notice}. */
export type NoticeProps = Omit<AlertProps, 'icon' | 'variant'> & {
  /** Shown before the title, hidden from assistive technology. */
  icon: Icon;
};

/** A notice in a light shade of its colour, with its icon and usually a title. */
export function Notice({ icon: NoticeIcon, ...props }: NoticeProps) {
  return <Alert variant="light" icon={<NoticeIcon size={20} aria-hidden />} {...props} />;
}
