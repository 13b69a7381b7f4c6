import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { Announcement } from '@/lib/organisation/announcements/schemas';
import { formatDate } from '@/lib/platform/format/dates';

/** The organisation's latest news, as its admins posted it. */
export function NewsCard({ news }: { news: Announcement[] }) {
  return (
    <Card aria-labelledby="news-heading">
      <CardHeader id="news-heading" title="Latest news" />
      <CardBody>
        {news.length === 0 ? (
          <p className="text-sm text-slate-600">No news from your organisation yet.</p>
        ) : (
          <ul className="space-y-4" data-testid="news-list">
            {news.map((item) => (
              <li key={item.id}>
                <article aria-labelledby={`news-${item.id}`}>
                  <h3 id={`news-${item.id}`} className="text-sm font-semibold text-slate-900">
                    {item.title}
                  </h3>
                  <p className="mt-0.5 text-xs text-slate-500">
                    <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                    {item.authorName ? ` · ${item.authorName}` : null}
                  </p>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-700">{item.body}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
