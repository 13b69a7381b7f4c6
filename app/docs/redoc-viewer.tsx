'use client';

import { useEffect, useRef } from 'react';

type RedocGlobal = { init: (specUrl: string, options: Record<string, unknown>, element: HTMLElement | null) => void };

/**
 * Loads the Redoc bundle and renders the document into this element. The script is added from here rather
 * than as a tag in the page, so the CSP's 'strict-dynamic' lets it run without a nonce of its own.
 */
export function RedocViewer({ bundleUrl, specUrl }: { bundleUrl: string; specUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const script = document.createElement('script');
    script.src = bundleUrl;
    script.onload = () => {
      const redoc = (window as unknown as { Redoc: RedocGlobal }).Redoc;
      redoc.init(specUrl, { expandResponses: '200,201', hideHostname: true, theme: { colors: { primary: { main: '#1d4ed8' } } } }, container.current);
    };
    document.body.appendChild(script);
    return () => script.remove();
  }, [bundleUrl, specUrl]);
  return <div ref={container} data-testid="api-reference" />;
}
