import { z } from 'zod';
import { Activity, ActivityComment, CreateActivityBody, CreateActivityCommentBody, UpdateActivityBody } from '@/lib/records/activities/schemas';
import { AntidopingRecord, CreateAntidopingRecordBody, UpdateAntidopingRecordBody } from '@/lib/records/antidoping/schemas';
import { pageSchema } from '@/lib/platform/pagination';
import { Asset, AssetPagePagination, CreateAssetBody, UpdateAssetBody } from '@/lib/lending/assets/schemas';
import { AuditEntry } from '@/lib/platform/audit/schemas';
import { Category, CreateCategoryBody, UpdateCategoryBody } from '@/lib/lending/categories/schemas';
import { CreateDonationBody, Donation, UpdateDonationBody } from '@/lib/records/donations/schemas';
import { CreateFinancialTransactionBody, FinancialTransaction, UpdateFinancialTransactionBody } from '@/lib/records/financial-transactions/schemas';
import { CreateIncidentReportBody, IncidentReport, UpdateIncidentReportBody } from '@/lib/records/incidents/schemas';
import { CreateInvitationBody, Invitation } from '@/lib/people/invitations/schemas';
import { CreateLocationBody, Location, UpdateLocationBody } from '@/lib/lending/locations/schemas';
import { Conversation, ConversationRetention, CreateConversationBody, Message, PostMessageBody, UpdateConversationBody } from '@/lib/records/conversations/schemas';
import { CreateMedicalTreatmentBody, MedicalTreatment, UpdateMedicalTreatmentBody } from '@/lib/records/medical/schemas';
import { CreatePersonBody, Person, PersonDetail, UpdatedPerson, UpdatePersonBody } from '@/lib/people/persons/schemas';
import { UpdateUserBody, User } from '@/lib/people/users/schemas';
import { named } from './named';

// The update bodies refuse an empty object (a zod refinement the generator cannot see).
const atLeastOneField = { minProperties: 1 };

/**
 * The request and response schemas of the resources, under stable component names, shared by several modules of
 * lib/transport/operations (each schema appears in the document where an operation references it).
 */
export const resourceSchemas = (() => {

  const asset = named('Asset', Asset, { description: 'An asset of the organisation.' });
  const category = named('Category', Category, { description: 'A category of assets, with the custom fields its assets carry.' });
  const location = named('Location', Location, { description: 'A place where assets are kept.' });
  const user = named('User', User, { description: 'A user of the organisation. Users are created on their first sign-in (as EMPLOYEE).' });
  const invitation = named('Invitation', Invitation, { description: 'An open invitation: the first sign-in with its e-mail address takes its role.' });
  const person = named('Person', Person, { description: 'A natural person of the organisation: a member, athlete, coach, donor or user.' });
  const medicalTreatment = named('MedicalTreatment', MedicalTreatment, { description: 'A course of treatment; diagnosis and notes are decrypted for the reader, and each read is audited.' });
  const activity = named('Activity', Activity, { description: 'Something a person took part in: a training, a match, a mentoring session, a course or a fan contact.' });
  const activityComment = named('ActivityComment', ActivityComment, { description: 'A comment on an activity.' });
  const conversation = named('Conversation', Conversation, { description: 'A thread between persons; its messages are kept for the retention period (spec 001).' });
  const message = named('Message', Message, { description: "A message; a deleted or anonymised one keeps its place with the body '[deleted]'." });
  const donation = named('Donation', Donation, { description: 'A gift from a person to the club; kept 10 years.' });
  const financialTransaction = named('FinancialTransaction', FinancialTransaction, { description: 'Money between the club and a person; the kind gives the direction.' });
  const antidopingRecord = named('AntidopingRecord', AntidopingRecord, { description: 'A doping control of an athlete; each read is audited.' });
  const incidentReport = named('IncidentReport', IncidentReport, { description: 'Something that went wrong involving a person; each read is audited.' });
  const auditEntry = named('AuditEntry', AuditEntry, { description: 'One immutable audit log entry: who changed what, and when.' });

  return {
    asset,
    assetPage: named('AssetPage', pageSchema(asset).extend({ pagination: AssetPagePagination }), { description: 'One page of assets.' }),
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
    updateUserBody: named('UpdateUserBody', UpdateUserBody, { ...atLeastOneField, description: 'The new role, active state or duties, in any combination.' }),
    person,
    personDetail: named('PersonDetail', PersonDetail, { description: 'A person, with the national identifier where the caller may see it.' }),
    personPage: named('PersonPage', pageSchema(person), { description: 'One page of the directory of persons.' }),
    createPersonBody: named('CreatePersonBody', CreatePersonBody, { description: 'A new person: identity fields (names required) and optional platform fields.' }),
    updatePersonBody: named('UpdatePersonBody', UpdatePersonBody, {
      ...atLeastOneField,
      description: 'Fields to change. Names, birth date and official e-mail change through change proposals only; nationality and identifierNational of a person mirrored from the registry become one.',
    }),
    updatedPerson: named('UpdatedPerson', UpdatedPerson, { description: 'A person after an admin’s change, with the change proposal the change made, if any.' }),
    medicalTreatment,
    medicalTreatmentPage: named('MedicalTreatmentPage', pageSchema(medicalTreatment), { description: 'One page of medical treatments, newest first.' }),
    createMedicalTreatmentBody: named('CreateMedicalTreatmentBody', CreateMedicalTreatmentBody, { description: 'A new treatment; diagnosis and notes are stored encrypted.' }),
    updateMedicalTreatmentBody: named('UpdateMedicalTreatmentBody', UpdateMedicalTreatmentBody, { ...atLeastOneField, description: 'Fields to change; null clears notes or the end.' }),
    activity,
    activityPage: named('ActivityPage', pageSchema(activity), { description: 'One page of activities, newest first.' }),
    createActivityBody: named('CreateActivityBody', CreateActivityBody, { description: 'A new activity of a person.' }),
    updateActivityBody: named('UpdateActivityBody', UpdateActivityBody, { ...atLeastOneField, description: 'Fields to change; null clears the end.' }),
    activityComment,
    activityCommentPage: named('ActivityCommentPage', pageSchema(activityComment), { description: 'One page of comments, oldest first.' }),
    createActivityCommentBody: named('CreateActivityCommentBody', CreateActivityCommentBody, { description: "A comment, written as the caller's own person." }),
    conversation,
    conversationPage: named('ConversationPage', pageSchema(conversation), { description: "One page of the caller's conversations, newest first." }),
    createConversationBody: named('CreateConversationBody', CreateConversationBody, { description: 'A new conversation; the caller is always a participant.' }),
    updateConversationBody: named('UpdateConversationBody', UpdateConversationBody, { ...atLeastOneField, description: 'Title (participants) or retention (ADMIN) to change.' }),
    updatedConversation: z.union([
      conversation,
      named('ConversationRetention', ConversationRetention, { description: "A conversation's retention, the answer to an ADMIN who set it without taking part: nothing else of it." }),
    ]),
    message,
    messagePage: named('MessagePage', pageSchema(message), { description: 'One page of a thread, oldest first.' }),
    postMessageBody: named('PostMessageBody', PostMessageBody, { description: 'The text of a new message.' }),
    donation,
    donationPage: named('DonationPage', pageSchema(donation), { description: 'One page of donations, newest first.' }),
    createDonationBody: named('CreateDonationBody', CreateDonationBody, { description: 'A new donation; currency defaults to EUR.' }),
    updateDonationBody: named('UpdateDonationBody', UpdateDonationBody, { ...atLeastOneField, description: 'Fields to correct; null clears the campaign.' }),
    financialTransaction,
    financialTransactionPage: named('FinancialTransactionPage', pageSchema(financialTransaction), { description: 'One page of financial transactions, newest first.' }),
    createFinancialTransactionBody: named('CreateFinancialTransactionBody', CreateFinancialTransactionBody, { description: 'A new transaction; currency defaults to EUR.' }),
    updateFinancialTransactionBody: named('UpdateFinancialTransactionBody', UpdateFinancialTransactionBody, { ...atLeastOneField, description: 'Fields to correct; null clears the reference.' }),
    antidopingRecord,
    antidopingRecordPage: named('AntidopingRecordPage', pageSchema(antidopingRecord), { description: 'One page of anti-doping records, newest first.' }),
    createAntidopingRecordBody: named('CreateAntidopingRecordBody', CreateAntidopingRecordBody, { description: 'A new doping control; result defaults to pending.' }),
    updateAntidopingRecordBody: named('UpdateAntidopingRecordBody', UpdateAntidopingRecordBody, { ...atLeastOneField, description: 'Fields to change; null clears the notes.' }),
    incidentReport,
    incidentReportPage: named('IncidentReportPage', pageSchema(incidentReport), { description: 'One page of incident reports, newest first.' }),
    createIncidentReportBody: named('CreateIncidentReportBody', CreateIncidentReportBody, { description: 'A new report, filed by the caller; its status starts open.' }),
    updateIncidentReportBody: named('UpdateIncidentReportBody', UpdateIncidentReportBody, { ...atLeastOneField, description: 'Status, severity or description to change.' }),
    invitation,
    invitationPage: named('InvitationPage', pageSchema(invitation), { description: 'One page of open invitations.' }),
    createInvitationBody: named('CreateInvitationBody', CreateInvitationBody, { description: 'The address to invite and the role it gets (EMPLOYEE when omitted).' }),
    auditEntryPage: named('AuditEntryPage', pageSchema(auditEntry), { description: 'One page of audit log entries, newest first.' }),
  };
})();

export type ResourceSchemas = typeof resourceSchemas;
