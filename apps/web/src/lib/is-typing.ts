const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Whether keys sent to `target` are the user typing in a field (an input, text area, select or editable
 * text), which page-wide shortcuts and the keyboard-wedge scanner leave alone. Takes an event's target or
 * `document.activeElement`.
 */
export function isTypingIn(target: EventTarget | null): boolean {
  if (typeof target !== 'object' || target === null || !('tagName' in target)) return false;
  const element = target as HTMLElement;
  return element.isContentEditable === true || FIELD_TAGS.has(element.tagName);
}
