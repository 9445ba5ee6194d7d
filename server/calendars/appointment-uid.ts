/** The event's UID: one per booking and staff member, whatever the calendar or the attempt. */
export function appointmentUid(siteUrl: string, bookingId: number, staffId: number) {
  return `booking-${bookingId}-staff-${staffId}@${new URL(siteUrl).hostname}`
}

/** Whether a UID is one of the events this server wrote (see appointmentUid). */
export function isAppointmentUid(siteUrl: string): (uid: string) => boolean {
  const suffix = `@${new URL(siteUrl).hostname}`
  return (uid) => uid.endsWith(suffix) && /^booking-\d+-staff-\d+@/.test(uid)
}
