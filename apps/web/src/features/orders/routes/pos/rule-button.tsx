import type { ActionCheck } from '@backroom/shared';
import type { ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ReasonButton } from '../../../../components/reason-button';

/**
 * A button an order rule enables (§4 Order actions). When the rule refuses, the button is disabled and its
 * tooltip (and accessible description) gives the rule's reason (the shared ReasonButton).
 */
export function RuleButton({
  check,
  ...props
}: ButtonProps & {
  check: ActionCheck;
  children: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
  type?: 'button' | 'submit';
}) {
  return <ReasonButton {...props} disabledReason={check.allowed ? null : check.reason} />;
}
