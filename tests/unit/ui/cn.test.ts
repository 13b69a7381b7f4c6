import { describe, expect, it } from 'vitest';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

describe('cn', () => {
  it('skips falsy values', () => {
    expect(cn('a', false, null, undefined, '', 'b')).toBe('a b');
  });

  it("lets the caller's class win over the variant's for the same property", () => {
    const classes = buttonClasses('ghost', 'sm', 'h-7 px-2 text-xs').split(' ');
    expect(classes).toEqual(expect.arrayContaining(['h-7', 'px-2', 'text-xs', 'text-slate-700']));
    expect(classes).not.toContain('h-8');
    expect(classes).not.toContain('px-3');
    expect(classes).not.toContain('text-sm');
  });

  it('keeps theme colours apart from font sizes', () => {
    expect(cn('text-sm text-brand-foreground bg-brand', 'bg-brand-accent')).toBe('text-sm text-brand-foreground bg-brand-accent');
  });
});
