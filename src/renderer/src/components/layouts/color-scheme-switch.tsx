/** The console's light / dark switch: follow the system, or always light, or always dark. */
import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { setColorSchemeChoice, useColorSchemeChoice, type ColorSchemeChoice } from '../../theme/color-scheme';

const OPTIONS: { value: ColorSchemeChoice; label: string; icon: React.ReactNode }[] = [
  { value: 'system', label: 'Use the system theme', icon: <DesktopOutlined aria-hidden /> },
  { value: 'light', label: 'Light theme', icon: <SunOutlined aria-hidden /> },
  { value: 'dark', label: 'Dark theme', icon: <MoonOutlined aria-hidden /> },
];

export function ColorSchemeSwitch() {
  const choice = useColorSchemeChoice();
  return (
    <Segmented<ColorSchemeChoice>
      aria-label="Theme"
      size="small"
      value={choice}
      onChange={setColorSchemeChoice}
      options={OPTIONS.map((option) => ({
        value: option.value,
        icon: option.icon,
        title: option.label,
        label: <span className="tb-visually-hidden">{option.label}</span>,
      }))}
    />
  );
}
