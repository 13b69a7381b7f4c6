/** The tenant's logo (a sanitised SVG shown through <img>, so no script in it can run) or its initial. */
export function TenantMark({ name, logoDataUri, size = 36 }: { name: string; logoDataUri: string | null; size?: number }) {
  if (logoDataUri) {
    // eslint-disable-next-line @next/next/no-img-element -- a data URI; next/image adds nothing here
    return <img src={logoDataUri} alt={`${name} logo`} width={size} height={size} className="shrink-0 rounded-md object-contain" style={{ width: size, height: size }} />;
  }
  return (
    <span aria-hidden="true" className="inline-flex shrink-0 items-center justify-center rounded-md bg-brand font-semibold text-brand-foreground" style={{ width: size, height: size }}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
