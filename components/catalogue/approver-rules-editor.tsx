'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { saveApproverRulesAction } from '@/lib/transport/portal/actions/catalogue-actions';
import type { SubmittedValues } from '@/lib/transport/portal/submitted-values';
import { useOrderedRows } from './use-ordered-rows';

type Choice = { id: string; name: string };
type StoredRule = { categoryId: string | null; locationId: string | null; approverUserId: string | null };
type Row = { uid: number; categoryId: string; locationId: string; approverUserId: string; error?: string; added?: boolean };

function rowsOf(stored: StoredRule[], sent: SubmittedValues | undefined, error: (name: string) => string | undefined): Row[] {
  if (!sent) return stored.map((rule, uid) => ({ uid, categoryId: rule.categoryId ?? '', locationId: rule.locationId ?? '', approverUserId: rule.approverUserId ?? '' }));
  const indexes = Object.keys(sent)
    .flatMap((name) => /^rules\.(\d+)\.categoryId$/.exec(name)?.[1] ?? [])
    .map(Number)
    .sort((a, b) => a - b);
  return indexes.map((n, uid) => {
    const value = (part: string) => sent[`rules.${n}.${part}`]?.[0] ?? '';
    const problems = ['categoryId', 'locationId', 'approverUserId'].flatMap((part) => error(`rules.${n}.${part}`) ?? []);
    return { uid, categoryId: value('categoryId'), locationId: value('locationId'), approverUserId: value('approverUserId'), error: problems.join(' ') || undefined };
  });
}

type Props = {
  rules: StoredRule[];
  categories: Choice[];
  locations: Choice[];
  /** Active asset managers and admins, with their role in words. */
  approvers: (Choice & { role: string })[];
  /** Names of people a stored rule names who may approve no longer. */
  formerApprovers: Record<string, string>;
};

/** Keeps a choice a stored rule names (a deleted category, a former approver) selectable, in words. */
function withStored(choices: Choice[], value: string, missing: string): Choice[] {
  return value && !choices.some((choice) => choice.id === value) ? [...choices, { id: value, name: missing }] : choices;
}

/** The approver rules: an ordered list, the first rule that matches an asset naming who approves its loans. */
export function ApproverRulesEditor({ rules, categories, locations, approvers, formerApprovers }: Props) {
  const form = useActionForm(saveApproverRulesAction);
  const sent = form.result?.ok === false ? form.result.values : undefined;
  return (
    <ActionForm state={form} className="space-y-4" noValidate>
      <RuleRows initial={rowsOf(rules, sent, form.error)} categories={categories} locations={locations} approvers={approvers} formerApprovers={formerApprovers} />
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}

function RuleRows({ initial, categories, locations, approvers, formerApprovers }: Omit<Props, 'rules'> & { initial: Row[] }) {
  const { rows, update, remove, move, add: addRow } = useOrderedRows<Row>(() => initial);
  const add = () => addRow((uid) => ({ uid, categoryId: '', locationId: '', approverUserId: '', added: true }));
  const approverChoices = approvers.map((approver) => ({ id: approver.id, name: `${approver.name} (${approver.role})` }));
  const nameOf = (choices: Choice[], id: string) => choices.find((choice) => choice.id === id)?.name;

  return (
    <>
      {rows.length === 0 ? <p className="text-sm text-slate-600">No rules: the default approver decides every request.</p> : null}
      <ol className="space-y-3" aria-label="Approver rules">
        {rows.map((row, index) => {
          const id = `rule-${row.uid}`;
          const name = (part: string) => `rules.${index}.${part}`;
          const category = row.categoryId ? (nameOf(categories, row.categoryId) ?? 'a deleted category') : 'any category';
          const location = row.locationId ? (nameOf(locations, row.locationId) ?? 'a deleted location') : 'any location';
          const approver = row.approverUserId ? (nameOf(approvers, row.approverUserId) ?? formerApprovers[row.approverUserId] ?? 'a former approver') : 'any asset manager';
          return (
            <li key={row.uid} className="rounded-lg border border-slate-200 p-3" data-testid="approver-rule">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold text-slate-700">Rule {index + 1}</p>
                <div className="flex flex-wrap gap-1">
                  <Button size="sm" variant="ghost" onClick={() => move(index, -1)} disabled={index === 0} aria-label={`Move rule ${index + 1} up`}>
                    ↑ Up
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => move(index, 1)} disabled={index === rows.length - 1} aria-label={`Move rule ${index + 1} down`}>
                    ↓ Down
                  </Button>
                  <Button size="sm" variant="ghost-danger" onClick={() => remove(row.uid)} aria-label={`Remove rule ${index + 1}`}>
                    Remove
                  </Button>
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-3">
                <Field label="Category" htmlFor={`${id}-category`}>
                  <Select
                    name={name('categoryId')}
                    value={row.categoryId}
                    aria-invalid={row.error ? true : undefined}
                    aria-describedby={row.error ? `${id}-error` : undefined}
                    autoFocus={row.added}
                    onChange={(event) => update(row.uid, { categoryId: event.target.value })}
                  >
                    <option value="">Any category</option>
                    {withStored(categories, row.categoryId, 'A deleted category').map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {choice.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Location" htmlFor={`${id}-location`}>
                  <Select name={name('locationId')} value={row.locationId} onChange={(event) => update(row.uid, { locationId: event.target.value })}>
                    <option value="">Any location</option>
                    {withStored(locations, row.locationId, 'A deleted location').map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {choice.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Approved by" htmlFor={`${id}-approver`}>
                  <Select name={name('approverUserId')} value={row.approverUserId} onChange={(event) => update(row.uid, { approverUserId: event.target.value })}>
                    <option value="">Any asset manager</option>
                    {withStored(approverChoices, row.approverUserId, formerApprovers[row.approverUserId] ?? 'A former approver').map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {choice.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              <p className="mt-2 text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="approver-rule-sentence">
                Assets of {category} at {location} are approved by {approver}.
              </p>
              {row.error ? (
                <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
                  {row.error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={add}>
          + Add a rule
        </Button>
        <SubmitButton pendingLabel="Saving…">Save approver rules</SubmitButton>
      </div>
    </>
  );
}
