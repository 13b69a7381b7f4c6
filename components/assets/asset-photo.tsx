import type { Asset } from '@/lib/lending/assets/schemas';
import { cn } from '@/components/ui/cn';

/** Uploaded photos are served by the portal's own photo route (the API one needs a bearer token). */
export function photoSrc(asset: Pick<Asset, 'id' | 'photoUrl'>): string | null {
  if (!asset.photoUrl) return null;
  return asset.photoUrl.startsWith('/api/v1/') ? `/assets/${asset.id}/photo?v=${encodeURIComponent(asset.photoUrl)}` : asset.photoUrl;
}

export function AssetPhoto({ asset, className }: { asset: Pick<Asset, 'id' | 'photoUrl' | 'name' | 'updatedAt'>; className?: string }) {
  const src = photoSrc(asset);
  if (!src) {
    return (
      <div className={cn('flex aspect-[4/3] items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-500', className)}>
        No photo yet
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- tenant photos are private and served with the session; the image optimiser would fetch them without it
    <img src={src.includes('?') ? `${src}&t=${Date.parse(asset.updatedAt)}` : src} alt={`Photo of ${asset.name}`} className={cn('aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover', className)} />
  );
}
