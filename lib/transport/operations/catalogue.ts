import * as assets from './lending/assets';
import * as categories from './lending/categories';
import * as loanPolicy from './lending/loan-policy';
import * as loans from './lending/loans';
import * as locations from './lending/locations';
import * as maintenance from './lending/maintenance';
import * as branding from './organisation/branding';
import * as organisationSettings from './organisation/settings';
import * as invitations from './people/invitations';
import * as persons from './people/persons';
import * as profile from './people/profile';
import * as users from './people/users';
import * as health from './platform/health';
import * as mcp from './platform/mcp';
import * as notifications from './platform/notifications';
import * as webhookEndpoints from './platform/webhook-endpoints';
import * as auditLog from './privacy/audit-log';
import * as backups from './privacy/backups';
import * as dataDeletion from './privacy/data-deletion';
import * as dataExport from './privacy/data-export';
import * as legalReports from './privacy/legal-reports';
import * as retention from './privacy/retention';
import * as activities from './records/activities';
import * as antidopingRecords from './records/antidoping-records';
import * as conversations from './records/conversations';
import * as donations from './records/donations';
import * as financialTransactions from './records/financial-transactions';
import * as incidentReports from './records/incident-reports';
import * as medicalTreatments from './records/medical-treatments';
import * as registryBackfill from './registry/backfill';
import * as codelists from './registry/codelists';
import * as proposals from './registry/proposals';
import * as registrySync from './registry/sync';
import * as registryWebhook from './registry/webhook';
import { declarationOrder, type DocumentedOperation, isDocumentedOperation, isOperation, type Operation } from './operation';

// Every module of operations, by context; each exports its operations (and the named schemas they share). The MCP
// tools keep this order too (assets, loans, then the audit log).
const modules: Record<string, unknown>[] = [
  // lending (spec 000)
  assets,
  maintenance,
  categories,
  locations,
  loans,
  loanPolicy,
  // organisation and people
  organisationSettings,
  branding,
  users,
  invitations,
  persons,
  profile,
  // privacy (spec 001)
  auditLog,
  dataExport,
  dataDeletion,
  retention,
  legalReports,
  backups,
  // records (spec 001)
  medicalTreatments,
  activities,
  conversations,
  donations,
  financialTransactions,
  antidopingRecords,
  incidentReports,
  // registry (spec 002)
  proposals,
  codelists,
  registryBackfill,
  registrySync,
  registryWebhook,
  // platform
  webhookEndpoints,
  notifications,
  health,
  mcp,
];

// A namespace lists its exports alphabetically; each module's operations keep the order they are written in.
const exported = modules.flatMap((module) => Object.values(module).filter((value) => isOperation(value) || isDocumentedOperation(value)).sort((a, b) => declarationOrder(a) - declarationOrder(b)));

/** Every tenant operation of the API: route() serves each, the OpenAPI document describes each. */
export const operations: Operation[] = exported.filter(isOperation);

/** The operations outside the bearer-token conventions, their document entries written out. */
export const documentedOperations: DocumentedOperation[] = exported.filter(isDocumentedOperation);
