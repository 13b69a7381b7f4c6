import type { ReactNode } from 'react';

// The small Markdown subset the generated document uses (headings, lists, tables, `code`, **bold**), rendered
// as React text: nothing is injected as HTML.
type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'paragraph'; text: string };

function splitRow(line: string): string[] {
  return line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());
}

function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.split(/\n{2,}/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    if (lines[0]!.startsWith('#')) {
      blocks.push({ kind: 'heading', text: lines[0]!.replace(/^#+\s*/, '') });
      lines.shift();
    }
    if (lines.length === 0) continue;
    if (lines.every((line) => line.startsWith('- '))) {
      blocks.push({ kind: 'list', items: lines.map((line) => line.slice(2)) });
    } else if (lines.every((line) => line.trim().startsWith('|'))) {
      const [head, , ...rows] = lines;
      blocks.push({ kind: 'table', head: splitRow(head!), rows: rows.map(splitRow) });
    } else {
      blocks.push({ kind: 'paragraph', text: lines.join(' ') });
    }
  }
  return blocks;
}

export function InlineText({ text }: { text: string }): ReactNode {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, index) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 1) {
      return (
        <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
          {part.slice(1, -1)}
        </code>
      );
    }
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={index}>{part.slice(2, -2)}</strong>;
    return part;
  });
}

export function MarkdownText({ source, headingLevel = 3 }: { source: string; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="space-y-3 text-sm leading-6 text-slate-700">
      {parseBlocks(source).map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Heading key={index} className="pt-4 text-lg font-semibold text-slate-900">
                {block.text}
              </Heading>
            );
          case 'list':
            return (
              <ul key={index} className="list-disc space-y-1 pl-5">
                {block.items.map((item, i) => (
                  <li key={i}>
                    <InlineText text={item} />
                  </li>
                ))}
              </ul>
            );
          case 'table':
            return (
              <table key={index} className="w-auto border-collapse text-left text-sm">
                <thead>
                  <tr>
                    {block.head.map((cell, i) => (
                      <th key={i} scope="col" className="border-b border-slate-300 px-3 py-1.5 font-semibold text-slate-900">
                        <InlineText text={cell} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {block.rows.map((row, r) => (
                    <tr key={r} className="border-b border-slate-200">
                      {row.map((cell, i) => (
                        <td key={i} className="px-3 py-1.5 align-top">
                          <InlineText text={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            );
          default:
            return (
              <p key={index}>
                <InlineText text={block.text} />
              </p>
            );
        }
      })}
    </div>
  );
}
