import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button that says why it is disabled (issue 19 §2): with a `disabledReason` it is disabled, and its
 * tooltip (and accessible description) gives the rule. Without one it is an ordinary button (`disabled` still
 * works for a moment's wait, such as a save under way, which a spinner already shows).
 */
export function ReasonButton({
  disabledReason,
  children,
  onClick,
  ...props
}: ButtonProps & {
  /** Why the button cannot be used now, in words of the rule; null or undefined when it can. */
  disabledReason?: string | null | false;
  children: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
  type?: 'button' | 'submit';
}) {
  const reason = disabledReason || null;
  return (
    <Tooltip label={reason} disabled={reason === null} withArrow multiline maw={280}>
      <span style={{ display: props.fullWidth ? 'block' : 'inline-block' }}>
        <Button
          {...props}
          disabled={reason !== null || props.disabled}
          aria-description={reason ?? undefined}
          onClick={onClick}
        >
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}
