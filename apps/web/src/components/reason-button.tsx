import { ActionIcon, type ActionIconProps, Button, type ButtonProps, Portal, Tooltip } from '@mantine/core';
import { type MouseEvent, type ReactNode, useId } from 'react';

/** Why Save and Discard are disabled on an editor with nothing changed. */
export const NO_CHANGES = 'Nothing is changed yet';

/** Why a control cannot be used now, in words of the rule; null, false or undefined when it can. */
type Reason = string | null | false | undefined;

/**
 * What a control disabled by a rule carries (issue 19 §2): it stays in the tab order (aria-disabled and
 * Mantine's data-disabled, not the disabled attribute) so a keyboard user reaches it and hears the rule, which
 * is its accessible description; a click or Enter on it does nothing. `busy` (a moment's wait, such as a save
 * under way, which a spinner already shows) still disables it natively.
 */
function useReason(disabledReason: Reason, busy: boolean | undefined, onClick: (() => void) | undefined) {
  const reason = disabledReason || null;
  const id = useId();
  const props = {
    disabled: reason === null && Boolean(busy),
    'data-disabled': reason !== null || undefined,
    'aria-disabled': reason !== null || undefined,
    'aria-describedby': reason === null ? undefined : id,
    'aria-description': reason ?? undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      // A submit button refused by a rule must not submit its form either.
      if (reason !== null) event.preventDefault();
      else onClick?.();
    },
  };
  const wrap = (control: ReactNode) => (
    <>
      <Tooltip
        label={reason}
        disabled={reason === null}
        withArrow
        multiline
        maw={280}
        events={{ hover: true, focus: true, touch: true }}
      >
        {control}
      </Tooltip>
      {reason !== null && (
        // Outside the layout (a hidden child would still be a Button.Group's last child).
        <Portal>
          <span id={id} hidden>
            {reason}
          </span>
        </Portal>
      )}
    </>
  );
  return { props, wrap };
}

/**
 * A button that says why it is disabled (issue 19 §2): with a `disabledReason` it is disabled, and its
 * tooltip (on hover and on keyboard focus) and accessible description give the rule. Without one it is an
 * ordinary button (`disabled` still works for a moment's wait, such as a save under way).
 */
export function ReasonButton({
  disabledReason,
  children,
  onClick,
  ...props
}: ButtonProps & {
  disabledReason?: Reason;
  children: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
  type?: 'button' | 'submit';
  'aria-label'?: string;
  title?: string;
}) {
  const reason = useReason(disabledReason, props.disabled, onClick);
  return reason.wrap(
    <Button {...props} {...reason.props}>
      {children}
    </Button>,
  );
}

/** An icon button that says why it is disabled, as ReasonButton does. It needs an aria-label. */
export function ReasonActionIcon({
  disabledReason,
  children,
  onClick,
  ...props
}: ActionIconProps & {
  disabledReason?: Reason;
  children: ReactNode;
  onClick?: () => void;
  'aria-label': string;
  'data-testid'?: string;
}) {
  const reason = useReason(disabledReason, props.disabled, onClick);
  return reason.wrap(
    <ActionIcon {...props} {...reason.props}>
      {children}
    </ActionIcon>,
  );
}
