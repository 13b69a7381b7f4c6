'use client';

import type { ComponentProps } from 'react';
import { useFormStatus } from 'react-dom';
import { Button } from './button';

/** A submit button that is disabled, and says so, while its form's action runs. */
export function SubmitButton({ children, pendingLabel = 'Working…', ...props }: ComponentProps<typeof Button> & { pendingLabel?: string }) {
  const { pending } = useFormStatus();
  return (
    <Button {...props} type="submit" disabled={pending || props.disabled} aria-disabled={pending || props.disabled}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
