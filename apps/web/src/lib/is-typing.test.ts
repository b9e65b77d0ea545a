import { describe, expect, it } from 'vitest';
import { isTypingIn } from './is-typing';

const element = (tagName: string, isContentEditable = false) =>
  ({ tagName, isContentEditable }) as unknown as EventTarget;

describe('isTypingIn', () => {
  it.each([
    ['INPUT', false, true],
    ['TEXTAREA', false, true],
    ['SELECT', false, true],
    ['DIV', true, true],
    ['DIV', false, false],
    ['BUTTON', false, false],
    ['BODY', false, false],
  ] as const)('%s (contenteditable %s): %s', (tag, editable, typing) => {
    expect(isTypingIn(element(tag, editable))).toBe(typing);
  });

  it('is false with no target or a target that is not an element (the window)', () => {
    expect(isTypingIn(null)).toBe(false);
    expect(isTypingIn({} as EventTarget)).toBe(false);
  });
});
