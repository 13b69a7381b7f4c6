'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { Input } from '@/components/ui/field';

const DEBOUNCE_MS = 250;

/** Search as you type: the term lives in the URL, so results survive a refresh and the back button. */
export function AssetSearchBox({ initialQuery }: { initialQuery: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [query, setQuery] = useState(initialQuery);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const search = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (query.trim() === initialQuery.trim()) return;
    const params = new URLSearchParams();
    if (query.trim()) params.set('q', query.trim());
    startTransition(() => router.replace(params.size ? `${pathname}?${params}` : pathname, { scroll: false }));
  }, [query, initialQuery, pathname, router]);

  useEffect(() => {
    timer.current = setTimeout(search, DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [search]);

  return (
    <form role="search" action={pathname} onSubmit={(event) => event.preventDefault()} className="relative">
      <label htmlFor="asset-search" className="block text-sm font-medium text-slate-800">
        Search assets
      </label>
      <Input
        id="asset-search"
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        // Leaving the field (to click a result, say) searches at once rather than after the pause, so a late
        // search can never replace the page that click opens.
        onBlur={() => timer.current !== undefined && search()}
        placeholder="Name, inventory number, model…"
        autoComplete="off"
        aria-describedby="asset-search-hint"
        className="mt-1.5"
      />
      <p id="asset-search-hint" className="mt-1.5 text-xs text-slate-600" aria-live="polite">
        {pending ? 'Searching…' : 'Results update as you type. Assets in maintenance or retired cannot be borrowed.'}
      </p>
    </form>
  );
}
