'use client';

import { useState } from 'react';

/**
 * Rows a person adds, edits, removes and moves up or down before sending them in the order they stand (a
 * category's fields, the approver rules); `uid` keeps each row's React key stable while they move.
 */
export function useOrderedRows<Row extends { uid: number }>(initial: () => Row[]) {
  const [rows, setRows] = useState(initial);
  const [nextUid, setNextUid] = useState(() => rows.length);
  const update = (uid: number, change: Partial<Row>) => setRows((current) => current.map((row) => (row.uid === uid ? { ...row, ...change } : row)));
  const remove = (uid: number) => setRows((current) => current.filter((row) => row.uid !== uid));
  const move = (index: number, by: number) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const add = (blank: (uid: number) => Row) => {
    setRows((current) => [...current, blank(nextUid)]);
    setNextUid(nextUid + 1);
  };
  return { rows, update, remove, move, add };
}
