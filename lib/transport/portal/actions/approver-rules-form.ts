import { z } from 'zod';
import { ApproverRule } from '@/lib/lending/loans/policy';

/** One row of the rules editor as the browser sends it: `rules.<n>.<part>`, an empty choice meaning "any". */
type RuleRow = { categoryId: string; locationId: string; approverUserId: string };

export const MAX_APPROVER_RULES = 100;

export function approverRulesFormFields(form: FormData) {
  const rows = [...form.keys()]
    .flatMap((name) => /^rules\.(\d+)\.categoryId$/.exec(name)?.[1] ?? [])
    .map(Number)
    .sort((a, b) => a - b);
  const at = (name: string) => String(form.get(name) ?? '');
  return {
    rules: rows.map((n): RuleRow => ({ categoryId: at(`rules.${n}.categoryId`), locationId: at(`rules.${n}.locationId`), approverUserId: at(`rules.${n}.approverUserId`) })),
  };
}

// Rule `later` can never apply when an earlier rule already matches every asset it matches: the first match wins.
const covers = (earlier: RuleRow, later: RuleRow) =>
  (earlier.categoryId === '' || earlier.categoryId === later.categoryId) && (earlier.locationId === '' || earlier.locationId === later.locationId);

/**
 * The approver rules as the editor sends them, refused in words where a rule could never apply, then as the
 * `approverRules` of PATCH /api/v1/loan-policy, checked by the same schema as the API.
 */
export const ApproverRulesForm = z
  .object({ rules: z.array(z.custom<RuleRow>()).max(MAX_APPROVER_RULES, `At most ${MAX_APPROVER_RULES} rules. Remove some.`) })
  .superRefine(({ rules }, ctx) => {
    rules.forEach((rule, index) => {
      const earlier = rules.slice(0, index).findIndex((other) => covers(other, rule));
      if (earlier >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index, 'categoryId'],
          message: `This rule never applies: rule ${earlier + 1} above already matches these assets, and the first match wins. Remove it, or move it above rule ${earlier + 1}.`,
        });
      }
    });
  })
  .transform(({ rules }): z.input<typeof ApproverRule>[] => rules.map((rule) => ({ categoryId: rule.categoryId || null, locationId: rule.locationId || null, approverUserId: rule.approverUserId || null })))
  .pipe(z.array(ApproverRule));
