import * as assets from './lending/assets';
import * as categories from './lending/categories';
import * as loanPolicy from './lending/loan-policy';
import * as loans from './lending/loans';
import * as locations from './lending/locations';
import * as maintenance from './lending/maintenance';
import * as branding from './organisation/branding';
import * as organisationSettings from './organisation/settings';
import * as users from './people/users';
import * as health from './platform/health';
import * as mcp from './platform/mcp';
import * as notifications from './platform/notifications';
import * as webhookEndpoints from './platform/webhook-endpoints';
import * as auditLog from './privacy/audit-log';
import { declarationOrder, type DocumentedOperation, isDocumentedOperation, isOperation, type Operation } from './operation';

// Every module of operations, by context; each exports its operations (and the named schemas they share). The MCP
// tools keep this order too (assets, loans, then the audit log).
const modules: Record<string, unknown>[] = [
  assets,
  maintenance,
  categories,
  locations,
  loans,
  loanPolicy,
  organisationSettings,
  branding,
  users,
  auditLog,
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
