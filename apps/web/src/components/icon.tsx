import type { ReactNode, SVGProps } from 'react';

// The base of the app's small inline icons (it has no icon library): 16 px strokes in the text colour.
// Each feature draws its own icons with it.

export interface IconProps extends SVGProps<SVGSVGElement> {
  /** Accessible name; without it the icon is decorative. */
  label?: string;
  size?: number;
}

export function Icon({ label, size = 16, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      {...props}
    >
      {label && <title>{label}</title>}
      {children}
    </svg>
  );
}
