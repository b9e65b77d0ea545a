import { CATALOGUE_DEBOUNCE_MS, sanitizeHarmonizedCode } from '@backroom/shared';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useDebouncedCallback } from '../../../../lib/use-debounced-callback';

/**
 * "Harmonized code: digits only, truncated to 9 characters, input debounced 750 ms": what is typed is cleaned
 * as it is typed (a letter never shows), and the code reaches the action (and its button) 750 ms after the
 * last key.
 */
export function HarmonizedCodeInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (code: string) => void;
}) {
  const [raw, setRaw] = useState(value);
  const settle = useDebouncedCallback((typed: string) => {
    const code = sanitizeHarmonizedCode(typed);
    setRaw(code);
    onChange(code);
  }, CATALOGUE_DEBOUNCE_MS.harmonizedCode);
  return (
    <TextInput
      label="Harmonized Code"
      placeholder="9 digits"
      inputMode="numeric"
      w={150}
      value={raw}
      onChange={(event) => {
        const code = sanitizeHarmonizedCode(event.currentTarget.value);
        setRaw(code);
        settle(code);
      }}
    />
  );
}
