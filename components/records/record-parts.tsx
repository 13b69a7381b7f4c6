import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';

/** One kind of record on a person's tab: its list, how long it is kept, and (for the duty) the form to add one. */
export function RecordSection({ id, title, description, retention, children, form, formLabel }: { id: string; title: string; description?: ReactNode; retention: string; children: ReactNode; form?: ReactNode; formLabel?: string }) {
  return (
    <Card aria-labelledby={id} data-testid={id}>
      <CardHeader id={id} title={title} description={description} />
      <CardBody className="space-y-4">
        <p className="text-xs text-slate-600" data-testid={`${id}-retention`}>
          {retention}
        </p>
        {children}
        {form ? (
          <details className="rounded-lg border border-slate-200 p-4 open:bg-slate-50">
            <summary className="cursor-pointer text-sm font-medium text-brand">{formLabel}</summary>
            <div className="mt-4">{form}</div>
          </details>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** A label and its value inside a record. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A record's correction form, folded away under its record. */
export function Correction({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="mt-3 rounded-md border border-slate-200 p-3 open:bg-slate-50">
      <summary className="cursor-pointer text-sm font-medium text-brand">{label}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/** The heading of a record tab, also when the page is opened without the person page around it. */
export function TabHeading({ title, personName, own }: { title: string; personName: string; own: boolean }) {
  return (
    <div className="mb-4">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{own ? 'Your own records.' : `The records of ${personName}.`}</p>
    </div>
  );
}
