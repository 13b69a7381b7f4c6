import { describe, expect, it } from 'vitest';
import { ApproverRulesForm, approverRulesFormFields } from '@/lib/transport/portal/actions/approver-rules-form';
import { CategoryForm, categoryFormFields } from '@/lib/transport/portal/actions/category-form';

const cat = '11111111-1111-4111-8111-111111111111';
const loc = '22222222-2222-4222-8222-222222222222';
const ada = '33333333-3333-4333-8333-333333333333';

function formData(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
}

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the category form', () => {
  it('reads the rows in their order on screen and keeps existing keys', () => {
    const fields = categoryFormFields(
      formData({
        name: 'Helmets',
        description: '',
        'customFields.1.key': '',
        'customFields.1.label': 'Colour',
        'customFields.1.type': 'select',
        'customFields.1.options': 'Red\n\n Blue \r\nRed ',
        'customFields.0.key': 'size',
        'customFields.0.label': 'Head size',
        'customFields.0.type': 'number',
        'customFields.0.required': 'on',
      }),
    );
    expect(fields.customFields.map((row) => row.label)).toEqual(['Head size', 'Colour']);
    const result = CategoryForm.safeParse(fields);
    expect(issues(result)).toEqual({ 'customFields.1.options': '“Red” is listed twice.' });
  });

  it('derives a new field’s key from its label, avoiding the keys of the other fields', () => {
    const body = CategoryForm.parse({
      name: ' Helmets ',
      description: '',
      customFields: [
        { key: 'size', label: 'Size (old)', type: 'text', required: false, options: 'ignored' },
        { key: '', label: 'Size', type: 'select', required: true, options: 'S\nM\nL' },
      ],
    });
    expect(body).toEqual({
      name: 'Helmets',
      description: null,
      customFields: [
        { key: 'size', label: 'Size (old)', type: 'text', required: false },
        { key: 'size2', label: 'Size', type: 'select', required: true, options: ['S', 'M', 'L'] },
      ],
    });
  });

  it('refuses in words: no name, an empty label, a duplicate label, a choice list without choices, an unknown kind', () => {
    const result = CategoryForm.safeParse({
      name: '',
      description: '',
      customFields: [
        { key: '', label: '', type: 'text', required: false, options: '' },
        { key: '', label: 'Colour', type: 'select', required: false, options: ' \n ' },
        { key: '', label: 'colour', type: 'text', required: false, options: '' },
        { key: '', label: 'Weight', type: 'weight', required: false, options: '' },
      ],
    });
    expect(issues(result)).toEqual({
      name: 'Give the category a name, such as “Laptops”.',
      'customFields.0.label': 'Give the field a label, such as “Size”.',
      'customFields.1.options': 'A choice list needs its choices: write them one per line.',
      'customFields.2.label': 'Another field of this category already has this label.',
      'customFields.3.type': 'Choose what kind of answer the field takes.',
    });
  });

  it('refuses more than 50 fields', () => {
    const customFields = Array.from({ length: 51 }, (_, i) => ({ key: '', label: `Field ${i}`, type: 'text', required: false, options: '' }));
    expect(issues(CategoryForm.safeParse({ name: 'Many', description: '', customFields }))).toEqual({ customFields: 'A category can have at most 50 fields. Remove some.' });
  });
});

describe('the approver rules form', () => {
  it('turns "any" into null, in the order on screen', () => {
    const fields = approverRulesFormFields(
      formData({
        'rules.1.categoryId': '',
        'rules.1.locationId': '',
        'rules.1.approverUserId': '',
        'rules.0.categoryId': cat,
        'rules.0.locationId': loc,
        'rules.0.approverUserId': ada,
      }),
    );
    expect(ApproverRulesForm.parse(fields)).toEqual([
      { categoryId: cat, locationId: loc, approverUserId: ada },
      { categoryId: null, locationId: null, approverUserId: null },
    ]);
  });

  it('refuses a rule that can never apply because an earlier one matches the same assets', () => {
    const result = ApproverRulesForm.safeParse({
      rules: [
        { categoryId: cat, locationId: '', approverUserId: ada },
        { categoryId: cat, locationId: loc, approverUserId: '' },
      ],
    });
    expect(issues(result)).toEqual({
      'rules.1.categoryId': 'This rule never applies: rule 1 above already matches these assets, and the first match wins. Remove it, or move it above rule 1.',
    });
  });
});
