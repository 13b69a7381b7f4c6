import { readableForeground } from '@/lib/organisation/branding/brand-colours';

export type PreviewColours = { primary: string; accent: string; background: string; muted: string };

/** A miniature of the login hero and a primary button in the given colours. */
export function BrandPreview({ name, colours, logoSrc, tagline }: { name: string; colours: PreviewColours; logoSrc: string | null; tagline: string }) {
  const foreground = readableForeground(colours.primary);
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200" data-testid="brand-preview">
      <div className="space-y-4 px-4 py-5" style={{ backgroundColor: colours.primary, color: foreground }} data-testid="preview-hero">
        <div className="flex items-center gap-2">
          <span className="rounded-md bg-white p-1">
            {logoSrc ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data or object URL; next/image adds nothing here
              <img src={logoSrc} alt={`${name} logo preview`} width={28} height={28} className="h-7 w-7 object-contain" data-testid="preview-logo" />
            ) : (
              <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded text-sm font-semibold" style={{ backgroundColor: colours.primary, color: foreground }}>
                {name.slice(0, 1).toUpperCase()}
              </span>
            )}
          </span>
          <span className="text-sm font-semibold">{name}</span>
        </div>
        <p className="break-words text-base font-semibold leading-snug">{tagline}</p>
        <div className="h-1 w-10 rounded" style={{ backgroundColor: colours.accent }} aria-hidden="true" />
      </div>
      <div className="space-y-3 px-4 py-4" style={{ backgroundColor: colours.background }}>
        <p className="text-xs" style={{ color: colours.muted }}>
          Muted text, such as hints and dates.
        </p>
        <span className="inline-flex h-9 items-center rounded-md px-4 text-sm font-medium shadow-sm" style={{ backgroundColor: colours.primary, color: foreground }} data-testid="preview-button">
          Sign in with single sign-on
        </span>
      </div>
    </div>
  );
}
