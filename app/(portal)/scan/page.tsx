import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ScanPanel } from '@/components/loans/scan-panel';
import { requirePortalContext } from '@/lib/transport/portal/portal-context';
import { lookUpAssetAction } from '@/lib/transport/portal/actions/scan-actions';

export const metadata = { title: 'Scan a QR code' };

export default async function ScanPage() {
  await requirePortalContext();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Scan a QR code" description="Point the camera at an asset’s label to open it, borrow it or return it." />
      <Card aria-labelledby="scan-heading">
        <CardHeader id="scan-heading" title="Camera" description="Returning a loan? Scan the label of the asset you are bringing back." />
        <CardBody>
          <ScanPanel mode="open" lookUp={lookUpAssetAction} />
        </CardBody>
      </Card>
    </div>
  );
}
