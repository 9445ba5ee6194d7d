import type { PublicProvider, PublicService, PublicStaff } from '../../../src/lib/booking/api-types'
import type { Provider, Service, StaffMember } from '../store/catalog'

/** What a visitor may see of a service and its provider. */
export function publicService(service: Service): PublicService {
  return {
    id: service.id,
    slug: service.slug,
    name: service.name,
    description: service.description,
    durationMinutes: service.durationMinutes,
    seatsPerSlot: service.seatsPerSlot,
    maxSlotsPerBooking: service.maxSlotsPerBooking,
    priceCents: service.priceCents,
    depositCents: service.depositCents,
    currency: service.currency,
    requiresConfirmation: service.requiresConfirmation,
    requiredFields: service.requiredFields,
    location: service.location,
    recurrenceCount: service.recurrenceCount,
    intakeFormId: service.intakeFormId,
    translations: service.translations,
    rescheduleCutoffMinutes: service.rescheduleCutoffMinutes,
    cancellationCutoffMinutes: service.cancellationCutoffMinutes,
    refundPolicy: service.refundPolicy,
    refundCutoffMinutes: service.refundCutoffMinutes,
  }
}

export function publicStaff(member: StaffMember): PublicStaff {
  return {
    id: member.id,
    name: member.name,
    photoUrl: member.photoUrl,
    timeZone: member.timeZone,
    serviceIds: member.serviceIds,
  }
}

export function publicProvider(provider: Provider): PublicProvider {
  return {
    id: provider.id,
    slug: provider.slug,
    name: provider.name,
    timeZone: provider.timeZone,
    email: provider.email,
    phone: provider.phone,
    address: provider.address,
    openingHours: provider.openingHours,
    termsPage: provider.termsPage,
    termsVersion: provider.termsVersion,
  }
}
