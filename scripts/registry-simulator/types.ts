/** The registry's own data model: what its API returns and what its webhooks describe. */

export type RegistryPerson = {
  /** Stable: assigned once by the registry and never reused or changed. */
  id: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthDate: string | null;
  nationalIdentifier: string | null;
  /** ISO 3166-1 alpha-2 */
  nationality: string | null;
  officialEmail: string | null;
  organizationIds: string[];
  active: boolean;
  deactivatedAt: string | null;
  updatedAt: string;
  /** Starts at 1 and grows by one with every accepted change. */
  version: number;
};

export type RegistryOrganization = {
  id: string;
  name: string;
  registrationNumber: string | null;
  /** A code of the region code list. */
  region: string | null;
  /** Codes of the sport code list. */
  sports: string[];
  officialEmail: string | null;
  active: boolean;
  deactivatedAt: string | null;
  updatedAt: string;
  version: number;
};

export const codelistNames = ['sport', 'region', 'athlete_category', 'league', 'competition'] as const;
export type CodelistName = (typeof codelistNames)[number];

export type CodelistValue = { code: string; label: string; active: boolean; updatedAt: string };

export const personEditableFields = ['firstName', 'lastName', 'birthDate', 'nationalIdentifier', 'nationality', 'officialEmail', 'organizationIds', 'active'] as const;
export type PersonField = (typeof personEditableFields)[number];
export type PersonChanges = Partial<Pick<RegistryPerson, PersonField>>;

export const organizationEditableFields = ['name', 'registrationNumber', 'region', 'sports', 'officialEmail', 'active'] as const;
export type OrganizationField = (typeof organizationEditableFields)[number];
export type OrganizationChanges = Partial<Pick<RegistryOrganization, OrganizationField>>;

export type RegistryEventName =
  | 'person.created'
  | 'person.updated'
  | 'person.deactivated'
  | 'organization.created'
  | 'organization.updated'
  | 'codelist.value_added'
  | 'codelist.value_modified'
  | 'codelist.value_deactivated';

/** What an event says before the sender adds deliveryId and signature. */
export type RegistryEvent =
  | { event: 'person.created' | 'person.updated' | 'person.deactivated'; personId: string; changedFields: string[]; timestamp: string; submissionId?: string }
  | { event: 'organization.created' | 'organization.updated'; organizationId: string; changedFields: string[]; timestamp: string; submissionId?: string }
  | { event: 'codelist.value_added' | 'codelist.value_modified' | 'codelist.value_deactivated'; codelist: CodelistName; valueCode: string; changedFields: string[]; timestamp: string };

export type SubmissionStatus = 'submitted' | 'accepted' | 'rejected';

export type Submission = {
  submissionId: string;
  entity: 'person' | 'organization';
  kind: 'create' | 'update';
  /** The record changed, or for a create the id the registry gave the new record once accepted. */
  targetId: string | null;
  /** The proposed values: the new record for a create, the changed fields for an update. */
  changes: Record<string, unknown>;
  /** For an update: the values of the changed fields the proposer saw; the proposal is refused if the record has moved on since. */
  basedOn?: Record<string, unknown>;
  /** What the proposer gave in support: a document link, or a reason in words. */
  evidence?: { documentUrl?: string; reason?: string };
  status: SubmissionStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
};

export type Decision = 'accept' | 'reject' | 'hold';

/** The first rule that matches a submission decides it; otherwise the default decision does. */
export type DecisionRule = {
  entity?: 'person' | 'organization';
  kind?: 'create' | 'update';
  /** Matches when the proposal carries this field. */
  field?: string;
  decision: Decision;
  reason?: string;
};
