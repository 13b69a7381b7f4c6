import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AntidopingForm } from '@/components/records/antidoping-form';
import { dayValue, today } from '@/components/records/day-value';
import { antidopingKindLabels, antidopingResultLabels } from '@/components/records/record-labels';
import { Correction, Fact, RecordSection, TabHeading } from '@/components/records/record-parts';
import { retentionWords } from '@/components/records/retention-words';
import { TreatmentForm } from '@/components/records/treatment-form';
import { Badge } from '@/components/ui/badge';
import { hasDuty } from '@/lib/platform/auth/duties';
import { formatDate } from '@/lib/platform/format/dates';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { listUserNames } from '@/lib/people/users/list-user-names';
import { listAntidopingRecords } from '@/lib/records/antidoping/list-antidoping-records';
import { ListAntidopingRecordsQuery } from '@/lib/records/antidoping/schemas';
import { listMedicalTreatments } from '@/lib/records/medical/list-medical-treatments';
import { ListMedicalTreatmentsQuery } from '@/lib/records/medical/schemas';
import { personOfPage } from '@/lib/transport/portal/person-of-page';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { refuseAsPage } from '@/lib/transport/portal/refuse-as-page';

export const metadata: Metadata = { title: 'Medical' };

/**
 * Treatments and doping controls of one person, for the MEDICAL duty and the person themselves. The lib decides:
 * anyone else gets the 403 page, and every treatment and control shown is decrypted and its read audited there.
 */
export default async function MedicalTab({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext();
  const personId = personOfPage((await params).id, portal);
  const { treatments, controls, name, practitioners } = await withPortalTransaction(portal, async (tx, ctx) => {
    const treatments = await listMedicalTreatments(tx, ctx, ListMedicalTreatmentsQuery.parse({ personId, limit: 100 }));
    const controls = await listAntidopingRecords(tx, ctx, ListAntidopingRecordsQuery.parse({ personId, limit: 100 }));
    const names = await listPersonNames(tx, ctx.organisationId, [personId]);
    const practitioners = await listUserNames(tx, ctx.organisationId, treatments.data.map((t) => t.treatedByUserId).filter((id): id is string => id !== null));
    return { treatments: treatments.data, controls: controls.data, name: names.get(personId), practitioners };
  }).catch(refuseAsPage);
  if (!name) notFound();
  const medical = hasDuty(portal, 'MEDICAL');
  const own = personId === portal.user.personId;
  const day = today(portal.now);
  return (
    <div className="space-y-6">
      <TabHeading title="Medical" personName={name} own={own} />
      <RecordSection
        id="treatments"
        title="Treatments"
        description={medical ? 'Diagnoses and notes are stored encrypted; each time they are shown, the read is recorded.' : undefined}
        retention={retentionWords('medical_treatment')}
        form={medical ? <TreatmentForm personId={personId} defaultDay={day} /> : undefined}
        formLabel="Record a treatment"
      >
        {treatments.length === 0 ? (
          <p className="text-sm text-slate-600">No treatments recorded.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {treatments.map((treatment) => (
              <li key={treatment.id} className="py-3" data-testid="treatment">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-slate-900">{treatment.diagnosis}</p>
                  {treatment.treatmentEndedAt ? <Badge>Ended</Badge> : <Badge tone="info">Ongoing</Badge>}
                </div>
                <dl className="mt-2 grid gap-3 sm:grid-cols-3">
                  <Fact label="Started">{formatDate(treatment.startedAt)}</Fact>
                  <Fact label="Ended">{treatment.treatmentEndedAt ? formatDate(treatment.treatmentEndedAt) : 'Still going on'}</Fact>
                  <Fact label="Treated by">{(treatment.treatedByUserId && practitioners.get(treatment.treatedByUserId)) ?? '—'}</Fact>
                </dl>
                {treatment.detailedNotes ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{treatment.detailedNotes}</p> : null}
                {medical ? (
                  <Correction label="Correct this treatment">
                    <TreatmentForm personId={personId} treatment={treatment} defaultDay={dayValue(treatment.startedAt)} />
                  </Correction>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </RecordSection>
      <RecordSection
        id="antidoping"
        title="Anti-doping"
        retention={retentionWords('antidoping_record')}
        form={medical ? <AntidopingForm personId={personId} defaultDay={day} /> : undefined}
        formLabel="Record a doping control"
      >
        {controls.length === 0 ? (
          <p className="text-sm text-slate-600">No doping controls recorded.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {controls.map((control) => (
              <li key={control.id} className="py-3" data-testid="antidoping-record">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-slate-900">
                    {antidopingKindLabels[control.kind]} control on {formatDate(control.testedAt)}
                  </p>
                  <Badge tone={control.result === 'negative' ? 'success' : control.result === 'pending' ? 'neutral' : 'warning'}>{antidopingResultLabels[control.result]}</Badge>
                </div>
                <dl className="mt-2 grid gap-3 sm:grid-cols-3">
                  <Fact label="Authority">{control.authority}</Fact>
                </dl>
                {control.notes ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{control.notes}</p> : null}
                {medical ? (
                  <Correction label="Correct this control">
                    <AntidopingForm personId={personId} record={control} defaultDay={dayValue(control.testedAt)} />
                  </Correction>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </RecordSection>
    </div>
  );
}
