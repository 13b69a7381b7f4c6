/** The records' stored values as people read them (spec 001 kinds, statuses and results). */

export const conversationKindLabels: Record<string, string> = { general: 'General', mentoring: 'Mentoring', health: 'Health' };

export const conversationKindHints: Record<string, string> = {
  general: 'Club matters anyone may talk about.',
  mentoring: 'Between a mentor and the person they accompany.',
  health: 'Medical talk; only the medical staff may start one.',
};

export const transactionKindLabels: Record<string, string> = { membership_fee: 'Membership fee', sponsorship: 'Sponsorship', refund: 'Refund', purchase: 'Purchase' };

export const antidopingKindLabels: Record<string, string> = { in_competition: 'In competition', out_of_competition: 'Out of competition' };

export const antidopingResultLabels: Record<string, string> = {
  pending: 'Waiting for the laboratory',
  negative: 'Negative',
  adverse_analytical_finding: 'Adverse analytical finding',
  atypical_finding: 'Atypical finding',
};

export const incidentSeverityLabels: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

export const incidentStatusLabels: Record<string, string> = { open: 'Open', investigating: 'Being looked into', resolved: 'Resolved', dismissed: 'Dismissed' };

/** Options of a <select>, in the labels' order. */
export function optionsOf(labels: Record<string, string>): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}
