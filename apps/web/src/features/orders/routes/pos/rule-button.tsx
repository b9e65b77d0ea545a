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
  need,
  ...props
}: ButtonProps & {
  check: ActionCheck;
  /** What the form still needs before the button can be used, once the rule allows it ('Type a code first'). */
  need?: string | null;
  children: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
  type?: 'button' | 'submit';
}) {
  return <ReasonButton {...props} disabledReason={check.allowed ? need : check.reason} />;
}
