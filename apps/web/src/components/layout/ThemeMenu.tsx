import { ActionIcon, type MantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useHydrated } from '../../hydration';
import { DEFAULT_COLOR_SCHEME } from '../../theme';

const schemeOptions: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/** Header menu for choosing a light, dark or system colour theme (saved in the browser). */
export function ThemeMenu() {
  const { colorScheme: saved, setColorScheme } = useMantineColorScheme();
  // The prerendered HTML cannot know the saved choice: it shows the default until hydrated.
  const colorScheme = useHydrated() ? saved : DEFAULT_COLOR_SCHEME;
  const current = schemeOptions.find((option) => option.value === colorScheme) ?? schemeOptions[1]!;
  const CurrentIcon = current.icon;

  return (
    <Menu position="bottom-end" width={160} shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Colour theme: ${current.label}`}
          title="Colour theme"
        >
          <CurrentIcon size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {schemeOptions.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            aria-current={colorScheme === value ? 'true' : undefined}
            leftSection={<Icon size={16} stroke={1.6} aria-hidden />}
            rightSection={colorScheme === value ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
