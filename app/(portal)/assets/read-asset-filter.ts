import { AssetFilter } from '@/lib/lending/assets/schemas';

export const assetFilterNames = ['q', 'status', 'categoryId', 'locationId', 'ownerId'] as const;
export type AssetFilterParams = Record<(typeof assetFilterNames)[number], string>;
type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

function first(params: SearchParams, name: string): string {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

/** The list's filters from a URL: the raw values (to refill the form) and, if they are valid, the parsed filter. */
export function readAssetFilter(params: SearchParams) {
  const raw = Object.fromEntries(assetFilterNames.map((name) => [name, first(params, name).slice(0, 200)])) as AssetFilterParams;
  const parsed = AssetFilter.safeParse(Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '')));
  return { raw, parsed };
}
