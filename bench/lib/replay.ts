/**
 * Replaying captured statements outside the app: in the bare server, in pgbench scripts and under EXPLAIN. A write
 * workload names the ids that must differ per request (the asset booked, the loan the insert returns), so a
 * replay books a different asset each time and its follow-up statements refer to the loan it just created.
 */
import type { Statement } from './capture';

export type ReplayPlan = {
  statements: Statement[];
  /** The asset id in the captured parameters, replaced by `assetIds[turn]` on each replay. */
  capturedAssetId?: string;
  /** The loan id the captured insert returned, replaced by the replay's own. */
  capturedLoanId?: string;
  assetIds?: string[];
};

export function replayParams(plan: ReplayPlan, params: unknown[], ids: { assetId?: string; loanId?: string }): unknown[] {
  return params.map((value) => {
    if (typeof value !== 'string') return value;
    let out = value;
    if (plan.capturedAssetId && ids.assetId) out = out.replaceAll(plan.capturedAssetId, ids.assetId);
    if (plan.capturedLoanId && ids.loanId) out = out.replaceAll(plan.capturedLoanId, ids.loanId);
    return out;
  });
}

/** A SQL literal for a captured parameter (EXECUTE arguments, pgbench scripts). */
export function sqlLiteral(value: unknown): string {
  const text = paramText(value);
  return text === null ? 'NULL' : `'${text.replaceAll("'", "''")}'`;
}

export const isExplainable = (text: string) => /^\s*(select|insert|update|delete|with)\b/i.test(text);

/** A captured parameter as the text PostgreSQL would parse (pgbench variables, EXECUTE arguments). */
export function paramText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A pgbench script for one workload: the statements in one transaction, each parameter a pgbench variable (so
 * `-M prepared` binds them as the app does), with the per-transaction ids drawn or returned by pgbench itself.
 */
export function pgbenchScript(plan: ReplayPlan, ids: { table: string; set: string }): { script: string; variables: Record<string, string> } {
  const lines: string[] = [];
  const variables: Record<string, string> = {};
  if (plan.capturedAssetId && plan.assetIds?.length) {
    lines.push(`\\set n random(1, ${plan.assetIds.length})`);
    lines.push(`SELECT id AS asset_id FROM ${ids.table} WHERE set = '${ids.set}' AND n = :n \\gset`);
    variables.captured_asset = plan.capturedAssetId;
  }
  if (plan.capturedLoanId) variables.captured_loan = plan.capturedLoanId;
  lines.push('BEGIN;');
  // The app draws the new loan's id itself (it is among the captured parameters): so does each transaction here.
  if (plan.capturedLoanId && plan.statements.some((statement) => statement.params.includes(plan.capturedLoanId))) lines.push('SELECT gen_random_uuid() AS new_id \\gset');
  plan.statements.forEach((statement, s) => {
    // pgbench reads ":name" as a variable even inside a string literal (to_char's 'HH24:MI:SS' in the asset
    // sort key), so a colon in a literal is spelt chr(58).
    let text = statement.text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/'(?:[^']|'')*'/g, (literal) => (literal.includes(':') ? `(${literal.split(':').join("' || chr(58) || '")})` : literal));
    // From the highest number down, so $1 does not eat the start of $10.
    for (let i = statement.params.length; i >= 1; i--) {
      const value = statement.params[i - 1];
      const text_ = paramText(value);
      let argument: string;
      if (text_ === null) argument = 'NULL';
      else if (plan.capturedAssetId && text_ === plan.capturedAssetId) argument = ':asset_id';
      else if (plan.capturedLoanId && text_ === plan.capturedLoanId) argument = ':new_id';
      else {
        const name = `s${s}_p${i}`;
        variables[name] = text_;
        argument = `:${name}`;
        if (plan.capturedLoanId && text_.includes(plan.capturedLoanId)) argument = `replace(${argument}, :captured_loan, :new_id)`;
        if (plan.capturedAssetId && text_.includes(plan.capturedAssetId)) argument = `replace(${argument}, :captured_asset, :asset_id)`;
        if (argument.startsWith('replace(') && isJsonText(text_)) argument = `(${argument})::jsonb`;
      }
      text = text.replaceAll(`$${i}`, argument);
    }
    const returnsLoan = plan.capturedLoanId && statement.text.startsWith('insert into "loans"');
    lines.push(returnsLoan ? `${text} \\gset new_` : `${text};`);
  });
  lines.push('COMMIT;');
  return { script: `${lines.join('\n')}\n`, variables };
}

function isJsonText(value: string): boolean {
  if (!/^[[{]/.test(value)) return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}
