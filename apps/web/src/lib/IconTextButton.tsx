import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** Props of {@link IconTextButton}. */
export type IconTextButtonProps = ButtonProps &
  ElementProps<'button', keyof ButtonProps> & {
    /** Shown before the label, hidden from assistive technology (the label names the button). */
    icon: Icon;
    /** The icon's size in px; 16 (a default-sized button's) when omitted. */
    iconSize?: number;
  };

/** A button whose label follows an icon. */
export function IconTextButton({ icon: ButtonIcon, iconSize = 16, ...props }: IconTextButtonProps) {
  return <Button leftSection={<ButtonIcon size={iconSize} aria-hidden />} {...props} />;
}
