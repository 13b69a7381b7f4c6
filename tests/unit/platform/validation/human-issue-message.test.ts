import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '@/lib/platform/core/errors';
import { zodIssueDetails } from '@/lib/transport/http/zod-issues';
import { CreateAssetBody } from '@/lib/lending/assets/schemas';
import { CreateLoanBody } from '@/lib/lending/loans/schemas';
import { defaultLoanPolicy } from '@/lib/lending/loans/policy';
import { validateLoanDates } from '@/lib/lending/loans/validate-loan-dates';
import { CreateMaintenanceBody } from '@/lib/lending/maintenance/schemas';
import { installHumanIssueMessages } from '@/lib/platform/validation/human-issue-message';

const asset = { name: 'Drill', categoryId: '00000000-0000-4000-8000-000000000001', locationId: '00000000-0000-4000-8000-000000000002' };
const loan = { assetId: asset.categoryId, startDate: '2026-11-24', endDate: '2026-11-30', purpose: 'Site visit' };

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return zodIssueDetails(result.error);
}

// Nothing a person reads may look like zod's developer wording.
const developerWording = /Too small|Too big|Invalid input|expected string|expected number|>=|<=|Invalid UUID|Invalid option|startDate|endDate/;

describe('validation messages for people', () => {
  beforeAll(() => installHumanIssueMessages());

  it('names the field and says what to do, keeping code and path for API clients', () => {
    const issues = issuesOf(CreateAssetBody, { ...asset, name: '  ', warrantyMonths: 700 });
    expect(issues).toEqual([
      { path: 'name', code: 'too_small', message: 'Name is required.' },
      { path: 'warrantyMonths', code: 'too_big', message: 'Warranty (months) must be at most 600.' },
    ]);
  });

  it.each([
    ['an empty choice', CreateAssetBody, { ...asset, categoryId: '' }, 'Category is required.'],
    ['a missing field', CreateAssetBody, { name: 'Drill', locationId: asset.locationId }, 'Category is required.'],
    ['a wrong type', CreateAssetBody, { ...asset, warrantyMonths: 'twelve' }, 'Warranty (months) must be a number.'],
    ['a bad identifier', z.object({ locationId: z.uuid() }), { locationId: 'nope' }, 'Location does not name a known record.'],
    ['an empty list', z.object({ assetIds: z.array(z.uuid()).min(1) }), { assetIds: [] }, 'Assets: at least 1 entry needed.'],
    ['a bad date', z.object({ scheduledFor: z.iso.date() }), { scheduledFor: '24/11/2026' }, 'Planned date must be a date (YYYY-MM-DD).'],
    ['a bad amount', CreateAssetBody, { ...asset, value: 'lots' }, 'Enter an amount such as 120 or 120.50.'],
    ['a bad enum', CreateAssetBody, { ...asset, status: 'LOST' }, 'Status must be one of AVAILABLE, LOANED, MAINTENANCE, RETIRED.'],
    ['too long a text', CreateAssetBody, { ...asset, serialNumber: 'x'.repeat(129) }, 'Serial number can have at most 128 characters.'],
    ['a schema’s own words, which win', CreateLoanBody, { ...loan, purpose: '' }, 'Say what you need it for.'],
    ['return before pickup', CreateLoanBody, { ...loan, endDate: '2026-11-20' }, 'The return date must not be before the pickup date.'],
    ['a bad cost', CreateMaintenanceBody, { kind: 'REPAIR', title: 'Fix', scheduledFor: '2026-11-24', cost: '12,50' }, 'Enter an amount such as 120 or 120.50.'],
  ])('%s', (_name, schema, value, message) => {
    const [issue] = issuesOf(schema, value);
    expect(issue?.message).toBe(message);
    expect(issue?.message).not.toMatch(developerWording);
  });

  it('lists the fields an API client sent that are not accepted', () => {
    const [issue] = issuesOf(CreateAssetBody, { ...asset, organisationId: 'x' });
    expect(issue).toEqual({ path: '', code: 'unrecognized_keys', message: 'This field is not accepted here: organisationId.' });
  });

  it('words the loan policy for people, with dates in the portal style', () => {
    const policy = { ...defaultLoanPolicy, maxLoanDays: 7, maxAdvanceBookingDays: 30 };
    let error: unknown;
    try {
      validateLoanDates(policy, '2026-11-24', '2026-11-20', '2026-12-31');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const messages = ((error as ValidationError).details.issues as { message: string }[]).map((issue) => issue.message);
    expect(messages).toEqual(['The pickup date must not be in the past.', 'A loan may last at most 7 days: return it by 26 Nov 2026 at the latest.']);
    for (const message of messages) expect(message).not.toMatch(developerWording);
  });
});
