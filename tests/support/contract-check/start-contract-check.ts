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
    const differences = judged.flatMap(({ method, url, operation, status, violations }) =>
      violations
        .filter((violation) => violation.documentResponsible)
        .map((violation) => `${operation ?? '(no operation)'}: ${method} ${url} -> ${status}: ${violation.location.join('.')} ${violation.message}`),
    );
    mkdirSync(CONTRACT_REPORT_DIR, { recursive: true });
    const report = path.join(CONTRACT_REPORT_DIR, `${project}.json`);
    writeFileSync(
      report,
      JSON.stringify({ document: file, exchanges: recorder.exchanges.length, differences, violations: judged, unjudged: recorder.unjudged, prismOutput: prism.output() }, null, 2),
    );
    return differences.map((difference) => `${difference}\n  (report: ${report})`);
  };
  return { url: recorder.url, finish };
}
