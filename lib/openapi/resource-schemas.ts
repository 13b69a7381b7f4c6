import type { OpenAPIRegistry, ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { pageSchema } from '@/lib/api/pagination';
import { Asset, CreateAssetBody, UpdateAssetBody } from '@/lib/assets/schemas';
import { AuditEntry } from '@/lib/audit/schemas';
import { Category, CreateCategoryBody, UpdateCategoryBody } from '@/lib/categories/schemas';
import { CreateInvitationBody, Invitation } from '@/lib/invitations/schemas';
import { CreateLocationBody, Location, UpdateLocationBody } from '@/lib/locations/schemas';
import { UpdateUserBody, User } from '@/lib/users/schemas';
import { nameSchema } from './name-schema';

// The update bodies refuse an empty object (a zod refinement the generator cannot see).
const atLeastOneField = { minProperties: 1 };

/** Registers the request and response schemas the routes use, under stable component names. */
export function registerResourceSchemas(registry: OpenAPIRegistry) {
  const named = <T extends z.ZodType>(refId: string, schema: T, metadata: Partial<ZodOpenAPIMetadata> = {}): T =>
    registry.register(refId, nameSchema(refId, schema, metadata));

  const asset = named('Asset', Asset, { description: 'An asset of the organisation.' });
  const category = named('Category', Category, { description: 'A category of assets, with the custom fields its assets carry.' });
  const location = named('Location', Location, { description: 'A place where assets are kept.' });
  const user = named('User', User, { description: 'A user of the organisation. Users are created on their first sign-in (as EMPLOYEE).' });
  const invitation = named('Invitation', Invitation, { description: 'An open invitation: the first sign-in with its e-mail address takes its role.' });
  const auditEntry = named('AuditEntry', AuditEntry, { description: 'One immutable audit log entry: who changed what, and when.' });

  return {
    asset,
    assetPage: named('AssetPage', pageSchema(asset), { description: 'One page of assets.' }),
    createAssetBody: named('CreateAssetBody', CreateAssetBody, {
      description:
        'A new asset. Without inventoryNumber one is generated (INV-…); status defaults to AVAILABLE; customFields must match the field definitions of the category.',
    }),
    updateAssetBody: named('UpdateAssetBody', UpdateAssetBody, {
      ...atLeastOneField,
      description: 'Fields to change. customFields is merged key by key; a null value removes a key.',
    }),
    category,
    categoryPage: named('CategoryPage', pageSchema(category), { description: 'One page of categories.' }),
    createCategoryBody: named('CreateCategoryBody', CreateCategoryBody, { description: 'A new category; names are unique per organisation, ignoring case.' }),
    updateCategoryBody: named('UpdateCategoryBody', UpdateCategoryBody, { ...atLeastOneField, description: 'Fields to change.' }),
    location,
    locationPage: named('LocationPage', pageSchema(location), { description: 'One page of locations.' }),
    createLocationBody: named('CreateLocationBody', CreateLocationBody, { description: 'A new location; names are unique per organisation, ignoring case.' }),
    updateLocationBody: named('UpdateLocationBody', UpdateLocationBody, { ...atLeastOneField, description: 'Fields to change.' }),
    user,
    userPage: named('UserPage', pageSchema(user), { description: 'One page of users.' }),
    updateUserBody: named('UpdateUserBody', UpdateUserBody, { ...atLeastOneField, description: 'The new role, the new active state, or both.' }),
    invitation,
    invitationPage: named('InvitationPage', pageSchema(invitation), { description: 'One page of open invitations.' }),
    createInvitationBody: named('CreateInvitationBody', CreateInvitationBody, { description: 'The address to invite and the role it gets (EMPLOYEE when omitted).' }),
    auditEntryPage: named('AuditEntryPage', pageSchema(auditEntry), { description: 'One page of audit log entries, newest first.' }),
  };
}

export type ResourceSchemas = ReturnType<typeof registerResourceSchemas>;
