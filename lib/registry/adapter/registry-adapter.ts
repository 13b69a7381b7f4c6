/**
 * The platform's view of the external registry (spec 002). Everything else in the app talks to the registry
 * through this interface; lib/registry/adapter/http-registry-adapter.ts is the only code that knows its paths, so a
 * change of the registry's API (or a second registry) is a new or updated adapter, nothing more.
 */

/** A natural person as the registry holds it; identity fields only, the registry knows no application fields. */
export type RegistryPerson = {
  /** Stable, never reused. */
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
  version: number;
};

export type RegistryOrganization = {
  id: string;
  name: string;
  registrationNumber: string | null;
  region: string | null;
  sports: string[];
  officialEmail: string | null;
  active: boolean;
  deactivatedAt: string | null;
  updatedAt: string;
  version: number;
};

export type RegistryCodelistValue = { code: string; label: string; active: boolean; updatedAt: string };
export type RegistryCodelist = { name: string; values: RegistryCodelistValue[] };

export type RegistrySubmission = {
  submissionId: string;
  entity: 'person' | 'organization';
  kind: 'create' | 'update';
  /** The changed record, or for an accepted creation the new record's id. */
  targetId: string | null;
  status: 'submitted' | 'accepted' | 'rejected';
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
};

export type SubmissionReceipt = { submissionId: string; status: RegistrySubmission['status'] };

export type PersonProposal = Partial<Omit<RegistryPerson, 'id' | 'active' | 'deactivatedAt' | 'updatedAt' | 'version'>> & Pick<RegistryPerson, 'firstName' | 'lastName'>;
export type PersonChangeProposal = Partial<Omit<RegistryPerson, 'id' | 'deactivatedAt' | 'updatedAt' | 'version'>>;
export type ProposalOptions = {
  idempotencyKey: string;
  /** What supports the proposal: a document, or a reason in words (a partial erasure: "erasure request <id>"). */
  evidence?: { documentUrl?: string; reason?: string };
  /** For a change: the registry values of the changed fields it was made against, so the registry refuses it if they moved on. */
  basedOn?: PersonChangeProposal;
};

/** One page of an incremental listing; the iterator yields pages so callers can checkpoint between them. */
export type ChangedPage<T> = { records: T[] };

/** One page of the registry's bulk export of persons (the backfill's source), frozen in a snapshot. */
export type PersonExportPage = { snapshotId: string; page: number; pageSize: number; totalPages: number; total: number; records: RegistryPerson[] };

export type RegistryAdapter = {
  /**
   * Page `page` (1-based) of the bulk export, every person in a stable order. Page 1 without a snapshot id opens a
   * new snapshot; later pages name it. Throws RegistryRequestError with status 404 when the snapshot expired.
   */
  exportPersons(query: { page: number; pageSize: number; snapshotId?: string }): Promise<PersonExportPage>;
  /** null when the registry does not know the id. */
  getPerson(id: string): Promise<RegistryPerson | null>;
  /** Persons whose updatedAt >= since (inclusive), oldest first, deactivated ones included; undefined since lists all. */
  listPersonsChangedSince(since: Date | undefined, options?: { pageSize?: number }): AsyncIterable<ChangedPage<RegistryPerson>>;
  findPersonsByNationalIdentifier(nationalIdentifier: string): Promise<RegistryPerson[]>;
  proposePerson(person: PersonProposal, options: ProposalOptions): Promise<SubmissionReceipt>;
  proposePersonChange(id: string, changes: PersonChangeProposal, options: ProposalOptions): Promise<SubmissionReceipt>;
  getSubmission(submissionId: string): Promise<RegistrySubmission | null>;
  getOrganization(id: string): Promise<RegistryOrganization | null>;
  listOrganizationsChangedSince(since: Date | undefined, options?: { pageSize?: number }): AsyncIterable<ChangedPage<RegistryOrganization>>;
  /** null when the registry has no such list. */
  getCodelist(name: string, options?: { changedSince?: Date }): Promise<RegistryCodelist | null>;
};
