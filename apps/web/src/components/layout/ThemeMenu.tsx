import { ActionIcon, type MantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useHydrated } from '../../hydration';
import { DEFAULT_COLOR_SCHEME } from '../../theme';

const schemeOptions: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/**
 * The saved colour scheme and how to change it. The prerendered HTML cannot know the saved
 * choice: it shows the default until hydrated.
 */
function useColorSchemeChoice() {
  const { colorScheme: saved, setColorScheme } = useMantineColorScheme();
  const colorScheme = useHydrated() ? saved : DEFAULT_COLOR_SCHEME;
  return { colorScheme, setColorScheme };
}

/**
 * The header's button showing the current theme. A component of its own, so that the saved
 * choice showing once hydrated renders the button again, not the whole menu.
 */
function ThemeButton(props: ComponentPropsWithRef<'button'>) {
  const { colorScheme } = useColorSchemeChoice();
  const current = schemeOptions.find((option) => option.value === colorScheme) ?? schemeOptions[1]!;
  const CurrentIcon = current.icon;
  return (
    <ActionIcon
      {...props}
      variant="default"
      size="lg"
      aria-label={`Colour theme: ${current.label}`}
      title="Colour theme"
    >
      <CurrentIcon size={18} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}

/** The menu's choices, the current one marked. */
function ThemeOptions() {
  const { colorScheme, setColorScheme } = useColorSchemeChoice();
  return schemeOptions.map(({ value, label, icon: Icon }) => (
    <Menu.Item
      key={value}
      aria-current={colorScheme === value ? 'true' : undefined}
      leftSection={<Icon size={16} stroke={1.6} aria-hidden />}
      rightSection={colorScheme === value ? <IconCheck size={14} aria-hidden /> : null}
      onClick={() => setColorScheme(value)}
    >
      {label}
    </Menu.Item>
  ));
}

/** Header menu for choosing a light, dark or system colour theme (saved in the browser). */
export function ThemeMenu() {
  return (
    <Menu position="bottom-end" width={160} shadow="md">
      <Menu.Target>
        <ThemeButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        <ThemeOptions />
      </Menu.Dropdown>
    </Menu>
  );
}
