import { Icon, type IconProps } from '../../../components/icon';

// The catalogue screens' icons, drawn with the app's Icon base.

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12l5 5L20 7" />
    </Icon>
  );
}

export function CrossIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 6L6 18M6 6l12 12" />
    </Icon>
  );
}

export function WarningIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 9v4M12 17h.01" />
      <path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    </Icon>
  );
}

/** A box crossed out: the product has no inventory record at all. */
export function MissingInventoryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z" />
      <path d="M3 3l18 18" />
    </Icon>
  );
}

export function SortIcon({ sorted, ...props }: IconProps & { sorted: 'asc' | 'desc' | false }) {
  return (
    <Icon size={12} {...props} opacity={sorted ? 1 : 0.35}>
      {sorted !== 'desc' && <path d="M7 10l5-5 5 5" />}
      {sorted !== 'asc' && <path d="M7 14l5 5 5-5" />}
    </Icon>
  );
}

/** An ear: right-click it for suggested marketplace categories (§2.4). */
export function EarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 9a6 6 0 1 1 12 0c0 3-2 4.5-3.5 6S13 18 13 19.5a2.5 2.5 0 0 1-5 0" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 5 0c0 1.5-1.5 2-1.5 3.5" />
    </Icon>
  );
}
