import type { AssetSort, AssetSortField } from '@/lib/lending/assets/schemas';

/** The list's orders as people name them, in the order the sort menu offers them. */
export const assetSortLabels: Record<AssetSort, string> = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  inventoryNumber: 'Inventory number, ascending',
  '-inventoryNumber': 'Inventory number, descending',
  status: 'Status, available first',
  '-status': 'Status, retired first',
  '-updatedAt': 'Recently changed',
  updatedAt: 'Longest unchanged',
};

/** Clicking a column's header sorts by it ascending, and a second click turns it round. */
export function nextSortFor(field: AssetSortField, current: AssetSort): AssetSort {
  return current === field ? `-${field}` : field;
}

export function sortDirectionOf(field: AssetSortField, current: AssetSort): 'ascending' | 'descending' | 'none' {
  if (current === field) return 'ascending';
  return current === `-${field}` ? 'descending' : 'none';
}
