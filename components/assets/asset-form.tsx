'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import type { CustomFieldDefinition } from '@/lib/lending/categories/schemas';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { Asset } from '@/lib/lending/assets/schemas';
import type { ActionOutcome } from '@/lib/transport/portal/portal-action';

type Action = (previous: unknown, formData: FormData) => Promise<ActionOutcome<{ href: string }>>;
type Option = { id: string; name: string };
type CategoryOption = Option & { customFields: CustomFieldDefinition[] };

type Facts = Record<'name' | 'categoryId' | 'locationId' | 'status' | 'inventoryNumber' | 'serialNumber' | 'manufacturer' | 'model' | 'purchaseDate' | 'value' | 'currency' | 'supplier' | 'warrantyMonths', string>;

function factsOf(asset: Asset | undefined, categories: CategoryOption[], locations: Option[]): Facts {
  return {
    name: asset?.name ?? '',
    categoryId: asset?.categoryId ?? categories[0]?.id ?? '',
    locationId: asset?.locationId ?? locations[0]?.id ?? '',
    status: asset?.status ?? 'AVAILABLE',
    inventoryNumber: asset?.inventoryNumber ?? '',
    serialNumber: asset?.serialNumber ?? '',
    manufacturer: asset?.manufacturer ?? '',
    model: asset?.model ?? '',
    purchaseDate: asset?.purchaseDate ?? '',
    value: asset?.value ?? '',
    currency: asset?.currency ?? 'EUR',
    supplier: asset?.supplier ?? '',
    warrantyMonths: asset?.warrantyMonths?.toString() ?? '',
  };
}

function customOf(asset: Asset | undefined): Record<string, string | boolean> {
  return Object.fromEntries(Object.entries(asset?.customFields ?? {}).map(([key, value]) => [key, typeof value === 'boolean' ? value : value === null ? '' : String(value)]));
}

/**
 * Create or edit an asset. Every input is controlled, so a rejected save keeps what was typed; the custom
 * fields follow the chosen category (values typed for another category stay in memory until saved). A chosen
 * photo cannot be kept by a refused save (no page may fill a file input), so the person is asked to pick it again.
 */
export function AssetForm({ action, asset, categories, locations }: { action: Action; asset?: Asset; categories: CategoryOption[]; locations: Option[] }) {
  const [facts, setFacts] = useState(() => factsOf(asset, categories, locations));
  const [custom, setCustom] = useState(() => customOf(asset));
  const [photoName, setPhotoName] = useState<string | null>(null);
  const router = useRouter();
  const form = useActionForm<Awaited<ReturnType<Action>>>(async (previous, formData) => {
    const outcome = await action(previous, formData);
    if (outcome.ok) router.push(outcome.href);
    return outcome;
  });
  const { error, result } = form;
  const photoAgain = result?.ok === false && photoName ? `Pick ${photoName} again: a refused save cannot keep a chosen file.` : null;
  const definition = categories.find((category) => category.id === facts.categoryId)?.customFields ?? [];
  const bind = (field: keyof Facts) => ({
    id: `asset-${field}`,
    name: field,
    value: facts[field],
    onChange: (event: { target: { value: string } }) => setFacts((current) => ({ ...current, [field]: event.target.value })),
  });
  const text = (field: keyof Facts, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} htmlFor={`asset-${field}`} error={error(field)}>
      <Input {...bind(field)} {...props} />
    </Field>
  );

  return (
    <ActionForm state={form} encType="multipart/form-data" noValidate className="space-y-6">
      {asset ? <input type="hidden" name="assetId" value={asset.id} /> : null}
      <Card aria-labelledby="asset-basics-heading">
        <CardHeader id="asset-basics-heading" title="Basics" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Name', { maxLength: 200, required: true })}
          {text('inventoryNumber', 'Inventory number', { maxLength: 64, placeholder: asset ? undefined : 'Left empty, one is assigned' })}
          <Field label="Category" htmlFor="asset-categoryId" error={error('categoryId')}>
            <Select {...bind('categoryId')}>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Location" htmlFor="asset-locationId" error={error('locationId')}>
            <Select {...bind('locationId')}>
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Status" htmlFor="asset-status" error={error('status')}>
            <Select {...bind('status')}>
              <option value="AVAILABLE">Available</option>
              <option value="LOANED">On loan</option>
              <option value="MAINTENANCE">In maintenance</option>
              <option value="RETIRED">Retired</option>
            </Select>
          </Field>
          <Field label="Photo" htmlFor="asset-photo" hint={photoAgain ?? 'PNG, JPEG or WebP, up to 5 MB.'} error={error('photo')}>
            <Input name="photo" type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => setPhotoName(event.target.files?.[0]?.name ?? null)} />
          </Field>
        </CardBody>
      </Card>
      <Card aria-labelledby="asset-spec-heading">
        <CardHeader id="asset-spec-heading" title="Specification" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          {text('serialNumber', 'Serial number', { maxLength: 128 })}
          {text('manufacturer', 'Manufacturer', { maxLength: 128 })}
          {text('model', 'Model', { maxLength: 128 })}
          {text('supplier', 'Supplier', { maxLength: 200 })}
          {text('purchaseDate', 'Purchase date', { type: 'date' })}
          <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
            {text('value', 'Value', { inputMode: 'decimal', placeholder: '0.00' })}
            {text('currency', 'Currency', { maxLength: 3, className: 'uppercase' })}
          </div>
          {text('warrantyMonths', 'Warranty (months)', { inputMode: 'numeric' })}
        </CardBody>
      </Card>
      <Card aria-labelledby="asset-custom-heading">
        <CardHeader id="asset-custom-heading" title="Category details" description="The fields your organisation defined for the chosen category." />
        <CardBody className="grid gap-4 sm:grid-cols-2" aria-live="polite">
          {definition.length === 0 ? <p className="text-sm text-slate-600">This category has no extra fields.</p> : null}
          {definition.map((field) => {
            const id = `asset-cf-${field.key}`;
            const fieldError = error(`customFields.${field.key}`);
            const value = custom[field.key] ?? (field.type === 'boolean' ? false : '');
            const change = (next: string | boolean) => setCustom((current) => ({ ...current, [field.key]: next }));
            const described = { 'aria-invalid': fieldError ? true : undefined, 'aria-describedby': fieldError ? `${id}-error` : undefined };
            const label = `${field.label}${field.required ? ' (required)' : ''}`;
            if (field.type === 'boolean') {
              return (
                <div key={field.key} className="flex items-center gap-2 self-end pb-2">
                  <input id={id} name={`cf.${field.key}`} type="checkbox" checked={value === true} onChange={(event) => change(event.target.checked)} className="size-4 rounded border-slate-300" {...described} />
                  <label htmlFor={id} className="text-sm font-medium text-slate-800">
                    {field.label}
                  </label>
                  {fieldError ? <p id={`${id}-error`} className="text-xs font-medium text-red-700">{fieldError}</p> : null}
                </div>
              );
            }
            return (
              <Field key={field.key} label={label} htmlFor={id} error={fieldError}>
                {field.type === 'select' ? (
                  <Select id={id} name={`cf.${field.key}`} value={String(value)} onChange={(event) => change(event.target.value)} {...described}>
                    <option value="">—</option>
                    {(field.options ?? []).map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    id={id}
                    name={`cf.${field.key}`}
                    type={field.type === 'date' ? 'date' : 'text'}
                    inputMode={field.type === 'number' ? 'decimal' : undefined}
                    value={String(value)}
                    onChange={(event) => change(event.target.value)}
                    {...described}
                  />
                )}
              </Field>
            );
          })}
        </CardBody>
      </Card>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
      <SubmitButton pendingLabel="Saving…">{asset ? 'Save changes' : 'Create asset'}</SubmitButton>
    </ActionForm>
  );
}
