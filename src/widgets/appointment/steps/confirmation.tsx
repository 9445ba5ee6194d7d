import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue } from 'jotai'
import { BookingConfirmation } from '../../../components/booking/booking-confirmation'
import { modeReadAtom, resultReadAtom } from '../state'
import { useLanguageTag } from '../../../components/booking/use-language-tag'

/** "Thank you": what was booked, in the visitor's zone, with add-to-calendar and manage links. */
export function Confirmation() {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const result = useAtomValue(resultReadAtom)
  const mode = useAtomValue(modeReadAtom)
  if (!result) return null
  const { booking } = result
  // A reschedule keeps the booking's status: the flow that moved it says "Rescheduled".
  const [heading, lead] =
    mode.kind === 'reschedule'
      ? [t('widget.rescheduled'), t('widget.rescheduledLead')]
      : booking.status === 'expired'
        ? // The hold ran out before a payment came: the seats went back.
          [t('widget.securePayment'), t('widget.paymentExpired')]
        : booking.status === 'requested'
          ? [t('widget.appointmentRequested'), t('widget.requestedLead')]
          : [t('widget.thankYou'), t('widget.scheduledLead')]
  return (
    <BookingConfirmation
      booking={booking}
      heading={heading}
      lead={lead}
      languageTag={languageTag}
    />
  )
}
