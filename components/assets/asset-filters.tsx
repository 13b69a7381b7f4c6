'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { Field, Input, Select } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import type { NamedOption } from '@/lib/lending/assets/list-asset-filter-options';
import { type AssetSort, DEFAULT_ASSET_SORT } from '@/lib/lending/assets/schemas';
import { assetSortLabels } from './asset-sort-options';
import { assetStatusLabels } from './asset-status-badge';
import { pageSizes } from './page-sizes';

type Filters = { q: string; status: string; categoryId: string; locationId: string; ownerId: string };
type Props = { filters: Filters; limit: number; sort: AssetSort; categories: NamedOption[]; locations: NamedOption[]; owners: NamedOption[] };

const SEARCH_DELAY_MS = 250;

function hrefOf(pathname: string, filters: Filters, limit: number, sort: AssetSort): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) search.set(name, value.trim());
  if (sort !== DEFAULT_ASSET_SORT) search.set('sort', sort);
  if (limit !== pageSizes[0]) search.set('limit', String(limit));
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The URL is the state: every change replaces it (a shareable view, no history entry per keystroke) and the
 * server renders the list from it. Any change starts again at the first page.
 */
export function AssetFilters({ filters, limit, sort, categories, locations, owners }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [current, setCurrent] = useState(filters);
  const [size, setSize] = useState(limit);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  function navigate(next: Filters, nextSize = size, nextSort = sort) {
    startTransition(() => router.replace(hrefOf(pathname, next, nextSize, nextSort), { scroll: false }));
  }

  function change(name: keyof Filters, value: string) {
    const next = { ...current, [name]: value };
    setCurrent(next);
    if (timer.current) clearTimeout(timer.current);
    if (name === 'q') timer.current = setTimeout(() => navigate(next), SEARCH_DELAY_MS);
    else navigate(next);
  }

  const filtered = Object.values(current).some((value) => value.trim() !== '');

  return (
    <form
      role="search"
      aria-label="Search and filter assets"
      action={pathname}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
      onSubmit={(event) => {
        event.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        navigate(current);
      }}
    >
      <Field label="Search" htmlFor="asset-q" className="sm:col-span-2 lg:col-span-1">
        <Input
          id="asset-q"
          name="q"
          type="search"
          value={current.q}
          maxLength={200}
          autoComplete="off"
          placeholder="Name, inventory or serial number, maker, model"
          onChange={(event) => change('q', event.target.value)}
        />
      </Field>
      <Field label="Category" htmlFor="asset-category">
        <Select id="asset-category" name="categoryId" value={current.categoryId} onChange={(event) => change('categoryId', event.target.value)}>
          <option value="">All categories</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Location" htmlFor="asset-location">
        <Select id="asset-location" name="locationId" value={current.locationId} onChange={(event) => change('locationId', event.target.value)}>
          <option value="">All locations</option>
          {locations.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Status" htmlFor="asset-status">
        <Select id="asset-status" name="status" value={current.status} onChange={(event) => change('status', event.target.value)}>
          <option value="">Any status</option>
          {(Object.keys(assetStatusLabels) as (keyof typeof assetStatusLabels)[]).map((status) => (
            <option key={status} value={status}>
              {assetStatusLabels[status]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Owner" htmlFor="asset-owner">
        <Select id="asset-owner" name="ownerId" value={current.ownerId} onChange={(event) => change('ownerId', event.target.value)}>
          <option value="">Anyone</option>
          {owners.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
        <label htmlFor="asset-sort" className="text-sm text-slate-700">
          Sort by
        </label>
        <div className="w-60">
          <Select id="asset-sort" name="sort" value={sort} onChange={(event) => navigate(current, size, event.target.value as AssetSort)}>
            {Object.entries(assetSortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <label htmlFor="asset-limit" className="text-sm text-slate-700">
          Rows per page
        </label>
        <div className="w-24">
          <Select
            id="asset-limit"
            name="limit"
            value={String(size)}
            onChange={(event) => {
              const next = Number(event.target.value);
              setSize(next);
              navigate(current, next);
            }}
          >
            {pageSizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              const cleared = { q: '', status: '', categoryId: '', locationId: '', ownerId: '' };
              setCurrent(cleared);
              navigate(cleared);
            }}
          >
            Clear filters
          </Button>
        ) : null}
        <span aria-live="polite" className="text-sm text-slate-600">
          {pending ? 'Updating…' : ''}
        </span>
      </div>
    </form>
  );
}
