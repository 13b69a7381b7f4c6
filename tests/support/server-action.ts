import { readFileSync } from 'node:fs';
import path from 'node:path';

type ActionManifest = { node: Record<string, { filename?: string; exportedName?: string }> };

/**
 * The id the production build gave a server action: what a portal form posts in its Next-Action header, so a
 * test can press the same button the browser does without driving a browser.
 */
export function serverActionId(filename: string, exportedName: string): string {
  const manifest = JSON.parse(readFileSync(path.resolve('.next/server/server-reference-manifest.json'), 'utf8')) as ActionManifest;
  const found = Object.entries(manifest.node).find(([, action]) => action.filename === filename && action.exportedName === exportedName);
  if (!found) throw new Error(`No server action ${exportedName} from ${filename} in the build: run \`npm run build\` first.`);
  return found[0];
}
