'use server';

import { z } from 'zod';
import { createCustomCodelistValue, updateCustomCodelistValue } from '@/lib/registry/codelists/custom-values';
import { CodelistName, CreateCodelistValueBody } from '@/lib/registry/codelists/schemas';
import { formAction } from '../portal-action';

const text = (form: FormData, key: string) => String(form.get(key) ?? '');

export const addCodelistValueAction = formAction(
  {
    role: 'ADMIN',
    input: CreateCodelistValueBody.extend({ codelist: CodelistName }),
    fields: (form) => ({ codelist: text(form, 'codelist'), code: text(form, 'code'), label: text(form, 'label') }),
    errorFields: { CODELIST_VALUE_EXISTS: 'code' },
    revalidate: ['/admin/code-lists'],
  },
  async ({ tx, ctx, input }) => {
    const value = await createCustomCodelistValue(tx, ctx, input.codelist, { code: input.code, label: input.label });
    return { message: `Added “${value.label}” (${value.code}). Only your organisation sees it; it is never sent to the registry.` };
  },
);

const Label = z.string().trim().min(1, 'Enter a label.').max(200, 'A label can have at most 200 characters.');

export const relabelCodelistValueAction = formAction(
  {
    role: 'ADMIN',
    input: z.object({ codelist: CodelistName, id: z.uuid(), label: Label }),
    fields: (form) => ({ codelist: text(form, 'codelist'), id: text(form, 'id'), label: text(form, 'label') }),
    revalidate: ['/admin/code-lists'],
  },
  async ({ tx, ctx, input }) => {
    const value = await updateCustomCodelistValue(tx, ctx, input.codelist, input.id, { label: input.label });
    return { message: `Saved “${value.label}”.` };
  },
);

export const toggleCodelistValueAction = formAction(
  {
    role: 'ADMIN',
    input: z.object({ codelist: CodelistName, id: z.uuid(), active: z.enum(['true', 'false']).transform((v) => v === 'true') }),
    fields: (form) => ({ codelist: text(form, 'codelist'), id: text(form, 'id'), active: text(form, 'active') as 'true' | 'false' }),
    revalidate: ['/admin/code-lists'],
  },
  async ({ tx, ctx, input }) => {
    const value = await updateCustomCodelistValue(tx, ctx, input.codelist, input.id, { active: input.active });
    return { message: value.active ? `“${value.label}” is offered again.` : `“${value.label}” is deactivated: kept on existing records, no longer offered.` };
  },
);
