import { DeleteNewsButton } from '@/components/dashboard/delete-news-button';
import { formatDate } from '@/lib/platform/format/dates';
import { PublishNewsForm } from '@/components/dashboard/publish-news-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { listAnnouncements } from '@/lib/organisation/announcements/list-announcements';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { deleteAnnouncementAction, publishAnnouncementAction } from '@/lib/transport/portal/actions/news-actions';

export const metadata = { title: 'News' };

const NEWS_PAGE_SIZE = 50;

export default async function NewsPage() {
  const portal = await requirePortalContext('ADMIN');
  const news = await withPortalTransaction(portal, (tx, ctx) => listAnnouncements(tx, ctx, NEWS_PAGE_SIZE));
  return (
    <>
      <PageHeader title="News" description="Announcements appear on everyone’s dashboard, employees, asset managers and administrators alike, newest first." />
      <div className="grid gap-6 xl:grid-cols-5">
        <Card aria-labelledby="publish-heading" className="xl:col-span-2 xl:self-start">
          <CardHeader id="publish-heading" title="Publish news" />
          <CardBody>
            <PublishNewsForm action={publishAnnouncementAction} />
          </CardBody>
        </Card>
        <Card aria-labelledby="published-heading" className="xl:col-span-3">
          <CardHeader id="published-heading" title="Published" description={`${news.length} ${news.length === 1 ? 'item' : 'items'}`} />
          {news.length === 0 ? (
            <div className="p-5">
              <EmptyState title="No news yet" description="What you publish here shows on everyone’s dashboard." />
            </div>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="published-news">
              {news.map((item) => (
                <li key={item.id} className="flex gap-4 px-5 py-4" data-testid="published-news-item">
                  <div className="min-w-0 flex-1">
                    <h3 className="text-sm font-semibold text-slate-900">{item.title}</h3>
                    <p className="mt-0.5 text-xs text-slate-500">
                      <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                      {item.authorName ? ` · ${item.authorName}` : null}
                    </p>
                    <p className="mt-1.5 text-sm text-slate-700">{item.body}</p>
                  </div>
                  <DeleteNewsButton id={item.id} title={item.title} action={deleteAnnouncementAction} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
