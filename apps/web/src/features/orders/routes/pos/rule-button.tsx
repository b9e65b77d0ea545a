import type { ActionCheck } from '@backroom/shared';
import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button an order rule enables (§4 Order actions). When the rule refuses, the button is disabled and its
 * tooltip (and accessible description) gives the rule's reason.
 */
export function RuleButton({
  check,
  children,
  onClick,
  ...props
}: ButtonProps & {
  check: ActionCheck;
  children: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
  type?: 'button' | 'submit';
}) {
  return (
    <Tooltip label={check.reason} disabled={check.allowed} withArrow multiline maw={280}>
      <span style={{ display: props.fullWidth ? 'block' : 'inline-block' }}>
        <Button
          {...props}
          disabled={!check.allowed || props.disabled}
          aria-description={check.allowed ? undefined : check.reason}
          onClick={onClick}
        >
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}

export const ALLOWED: ActionCheck = { allowed: true };
