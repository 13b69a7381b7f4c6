import { PageHeader } from '@/components/ui/page-header';
import { requirePortalContext } from '../portal-context';

export const metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const portal = await requirePortalContext();
  return <PageHeader title={`Welcome, ${portal.user.name}`} description={portal.organisation.name} />;
}
