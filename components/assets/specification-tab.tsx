import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { AssetDetail } from '@/lib/lending/assets/get-asset-detail';
import { formatDate } from '@/lib/platform/format/dates';
import { formatCustomValue, formatMoney } from './format-asset';

function FactList({ facts, testId }: { facts: [string, string][]; testId: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-2.5 text-sm sm:grid-cols-[14rem_minmax(0,1fr)]" data-testid={testId}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SpecificationTab({ detail }: { detail: AssetDetail }) {
  const { asset, category } = detail;
  const facts: [string, string][] = [
    ['Serial number', asset.serialNumber ?? '—'],
    ['Manufacturer', asset.manufacturer ?? '—'],
    ['Model', asset.model ?? '—'],
    ['Purchase date', formatDate(asset.purchaseDate)],
    ['Value', formatMoney(asset.value, asset.currency)],
    ['Supplier', asset.supplier ?? '—'],
    ['Warranty', asset.warrantyMonths === null ? '—' : `${asset.warrantyMonths} ${asset.warrantyMonths === 1 ? 'month' : 'months'}`],
    ['Warranty ends', formatDate(asset.warrantyExpiresOn)],
  ];
  const custom: [string, string][] = category.customFields.map((field) => [field.label, formatCustomValue(asset.customFields[field.key])]);
  return (
    <div className="space-y-6">
      <Card aria-labelledby="spec-heading">
        <CardHeader id="spec-heading" title="Specification" />
        <CardBody>
          <FactList facts={facts} testId="asset-specification" />
        </CardBody>
      </Card>
      <Card aria-labelledby="custom-heading">
        <CardHeader id="custom-heading" title={`${category.name} details`} description="Fields your organisation defined for this category." />
        <CardBody>
          {custom.length > 0 ? <FactList facts={custom} testId="asset-custom-fields" /> : <p className="text-sm text-slate-600">This category has no extra fields.</p>}
        </CardBody>
      </Card>
    </div>
  );
}
