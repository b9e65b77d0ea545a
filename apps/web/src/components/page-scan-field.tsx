import { TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useSubmitScan } from '../app/providers/scanner-provider';
import { useKeepRefusedScan } from '../lib/scan-field';

/**
 * A field to type (or scan into) a code for a screen driven by the page-wide scanner: Enter hands the code to
 * the same queue and handlers as a scan, the field empties for the next one, and a refused code comes back
 * selected so the clerk sees what was refused and the next scan replaces it (issue 19 §2).
 */
export function PageScanField({
  label,
  description,
  testId,
  w = 360,
}: {
  label: string;
  description?: string;
  testId: string;
  w?: number | string;
}) {
  const submit = useSubmitScan();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const keepRefused = useKeepRefusedScan(inputRef, setValue);
  return (
    <TextInput
      ref={inputRef}
      label={label}
      description={description}
      data-testid={testId}
      autoComplete="off"
      w={w}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        const text = value;
        if (!text.trim()) return;
        setValue('');
        keepRefused(text, submit(text));
      }}
      styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
    />
  );
}
