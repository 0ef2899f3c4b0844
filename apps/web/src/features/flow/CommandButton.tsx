import { IconTextButton, type IconTextButtonProps } from '../../lib/IconTextButton';

/** A small button of the workspace's panels (Continue, Retry, Reset, AI Settings), with its icon. */
export function CommandButton(props: Omit<IconTextButtonProps, 'iconSize'>) {
  return <IconTextButton size="xs" iconSize={14} {...props} />;
}
