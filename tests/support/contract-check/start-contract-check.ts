import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { judgeExchange } from './judge-exchange';
import { createOperationMatcher } from './match-operation';
import { startContractRecorder } from './start-contract-recorder';
import { startPrism } from './start-prism';
import { writePrismDocument } from './write-prism-document';

export type ContractCheck = {
  /** Where the tests send their requests instead of the app server. */
  url: string;
  /** Waits for the last verdicts, stops Prism, writes the report; returns the differences the document is responsible for. */
  finish: () => Promise<string[]>;
};

export const CONTRACT_REPORT_DIR = 'test-results/contract-check';

/**
 * The published OpenAPI document checked against the integration tests' real traffic by Stoplight Prism
 * (CONTRACT_CHECK=1): every exchange through the recorder is replayed through `prism proxy`, and every violation
 * Prism reports lands in test-results/contract-check/<project>.json.
 */
export async function startContractCheck(appUrl: string, project: string): Promise<ContractCheck> {
  const { file, document } = writePrismDocument();
  const recorder = await startContractRecorder(appUrl, createOperationMatcher(document));
  const prism = await startPrism(file, recorder.url);
  recorder.judgeWith(prism.url);
  const finish = async () => {
    await recorder.settle();
    await prism.stop();
    await recorder.close();
    const judged = recorder.exchanges
      .map((exchange) => ({ ...exchange, violations: judgeExchange(exchange) }))
      .filter((exchange) => exchange.violations.length > 0);
    // One line per kind of difference (operation, status, what Prism says), with how often and one example.
    const differences = new Map<string, { count: number; example: string }>();
    for (const { method, url, operation, status, errorCode, violations } of judged) {
      for (const violation of violations.filter((candidate) => candidate.documentResponsible)) {
        const kind = `${operation ?? `${method} (no operation)`} -> ${status}${errorCode ? ` ${errorCode}` : ''}: ${violation.location.join('.')} ${violation.message}`;
        const seen = differences.get(kind) ?? { count: 0, example: `${method} ${url}` };
        differences.set(kind, { ...seen, count: seen.count + 1 });
      }
    }
    mkdirSync(CONTRACT_REPORT_DIR, { recursive: true });
    const report = path.join(CONTRACT_REPORT_DIR, `${project}.json`);
    writeFileSync(
      report,
      JSON.stringify({ document: file, exchanges: recorder.exchanges.length, differences: Object.fromEntries(differences), violations: judged, unjudged: recorder.unjudged, prismOutput: prism.output() }, null, 2),
    );
    const crashed = prism.crashed();
    return [...(crashed ? [crashed] : []), ...[...differences].map(([kind, { count, example }]) => `${kind} (${count}x, e.g. ${example}; report: ${report})`)];
  };
  return { url: recorder.url, finish };
}
