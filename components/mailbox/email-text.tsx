import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const HAS_URL = /https?:\/\//;
const linkClass = 'font-medium text-brand underline underline-offset-2 break-all hover:no-underline';

/**
 * Links to the tenant's own address become paths, so they open on the address the person is using (the demo's
 * localhost port rather than the one APP_BASE_URL names).
 */
function localHref(url: string, tenantBaseUrl: string): string {
  return url.startsWith(`${tenantBaseUrl}/`) ? url.slice(tenantBaseUrl.length) : url;
}

/** A line "Download your data https://…" is the e-mail's button: its words become the link. */
function renderLine(line: string, tenantBaseUrl: string): ReactNode {
  const button = /^(.*\S)\s+(https?:\/\/\S+)$/.exec(line);
  if (button && !HAS_URL.test(button[1]!)) {
    return (
      <a href={localHref(button[2]!, tenantBaseUrl)} className={linkClass}>
        {button[1]}
      </a>
    );
  }
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    parts.push(line.slice(last, match.index));
    parts.push(
      <a key={match.index} href={localHref(match[0], tenantBaseUrl)} className={linkClass}>
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  return parts;
}

// The plain-text rendering writes an e-mail's heading in capitals.
const isShouted = (paragraph: string) => /[A-Z]{3}/.test(paragraph) && paragraph === paragraph.toUpperCase();

/**
 * The plain-text part of an e-mail as paragraphs, with its links clickable. The organisation's name it opens with
 * is left out (the page says whose mail it is), and its heading is written as a sentence.
 */
export function EmailText({ text, tenantBaseUrl, organisationName }: { text: string; tenantBaseUrl: string; organisationName: string }) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p, i) => p.length > 0 && !/^-{8,}$/.test(p) && !(i === 0 && p === organisationName));
  return (
    <div className="space-y-3 text-sm leading-6 text-slate-800 [overflow-wrap:anywhere]">
      {paragraphs.map((paragraph, index) =>
        isShouted(paragraph) ? (
          <h3 key={index} className="text-base font-semibold text-slate-900">
            {paragraph.charAt(0) + paragraph.slice(1).toLowerCase()}
          </h3>
        ) : (
          <p key={index} className="whitespace-pre-line">
            {paragraph.split('\n').map((line, i) => (
              <span key={i}>
                {i > 0 ? '\n' : null}
                {renderLine(line, tenantBaseUrl)}
              </span>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
