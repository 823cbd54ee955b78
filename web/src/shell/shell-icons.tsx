import type { MenuIconName } from './menu-entries.ts';

type IconProps = { size?: number };

function Svg({ size = 24, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="3" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
      <path d="M12 17.6s-2.6-1.5-2.6-3.2a1.3 1.3 0 0 1 2.6-.5 1.3 1.3 0 0 1 2.6.5c0 1.7-2.6 3.2-2.6 3.2z" />
    </Svg>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8" r="3.8" />
      <path d="M4.5 20.5c.8-3.6 3.8-5.6 7.5-5.6s6.7 2 7.5 5.6" />
    </Svg>
  );
}

export function WishesIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 20s-7.5-4.4-7.5-9.6A4.1 4.1 0 0 1 12 8a4.1 4.1 0 0 1 7.5 2.4C19.5 15.6 12 20 12 20z" />
      <path d="M17.5 3.5v3M16 5h3" />
    </Svg>
  );
}

export function InvestmentsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 20h16" />
      <path d="M6.5 16.5v-3M11 16.5V10M15.5 16.5v-5M20 16.5V6.5" />
      <path d="m5 9.5 4.5-4 4 3L19 3.5" />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16M4 12h16M4 17h10" />
    </Svg>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 4h3.5A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5H14" />
      <path d="M10 8l-4 4 4 4M6 12h10" />
    </Svg>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M15 6l-6 6 6 6" />
    </Svg>
  );
}

const MENU_ICONS: Record<MenuIconName, (props: IconProps) => React.ReactNode> = {
  calendar: CalendarIcon,
  settings: SettingsIcon,
  wishes: WishesIcon,
  investments: InvestmentsIcon,
};

export function MenuEntryIcon({ name, ...props }: IconProps & { name: MenuIconName }) {
  const Icon = MENU_ICONS[name];
  return <Icon {...props} />;
}
