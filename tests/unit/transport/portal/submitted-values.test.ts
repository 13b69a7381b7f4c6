import { describe, expect, it } from 'vitest';
import { submittedValues } from '@/lib/transport/portal/submitted-values';

describe('the values a refused form hands back (issue 23, item 16)', () => {
  it('are every control the form sent, repeated names in order, hidden fields included', () => {
    const form = new FormData();
    form.append('scope', 'partial');
    form.append('partialFields', 'phone');
    form.append('partialFields', 'nationality');
    form.append('note', '');
    form.append('id', '5f0c3a7e-0000-4000-8000-000000000001');
    expect(submittedValues(form)).toEqual({ scope: ['partial'], partialFields: ['phone', 'nationality'], note: [''], id: ['5f0c3a7e-0000-4000-8000-000000000001'] });
  });

  it('leave out files, which no page may put back, and the framework’s own entries', () => {
    const form = new FormData();
    form.append('name', 'Drill');
    form.append('photo', new File(['x'], 'photo.png', { type: 'image/png' }));
    form.append('$ACTION_ID_abc', '');
    form.append('$ACTION_KEY', 'k');
    expect(submittedValues(form)).toEqual({ name: ['Drill'] });
  });
});
