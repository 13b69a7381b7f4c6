import Link from 'next/link';
import { buttonClasses } from './button';

type Props = {
  /** Back to the first page; null on the first page. */
  firstHref: string | null;
  /** The next page; null on the last page. */
  nextHref: string | null;
  firstLabel?: string;
  nextLabel?: string;
};

/** Keyset paging: a cursor only knows the way forward, so the way back is to the first page. */
export function CursorPager({ firstHref, nextHref, firstLabel = '← First page', nextLabel = 'Next page →' }: Props) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3">
      {firstHref ? (
        <Link href={firstHref} className={buttonClasses('ghost', 'sm')}>
          {firstLabel}
        </Link>
      ) : (
        <span />
      )}
      {nextHref ? (
        <Link href={nextHref} className={buttonClasses('secondary', 'sm')}>
          {nextLabel}
        </Link>
      ) : null}
    </nav>
  );
}
