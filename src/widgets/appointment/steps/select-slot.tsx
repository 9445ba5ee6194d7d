import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import type { PublicService } from '../../../lib/booking/api-types'
import type { Party } from '../../../lib/booking/party'
import { isHttpError } from '../../../lib/http'
import { fetchNextSlot } from '../api'
import { partyProblem } from '../cart'
import {
  formatDateTime,
  formatLocalDate,
  formatMonth,
  formatTime,
} from '../../../lib/format/booking'
import { currentMonth, localDateOf } from '../month-grid'
import {
  chooseSlotAtom,
  chosenServicesAtom,
  dayAtom,
  failureReadAtom,
  modeReadAtom,
  monthAtom,
  partyAtom,
  singleServiceAtom,
  timeZoneAtom,
} from '../state'
import { isUnreachable } from '../../../components/booking/unreachable'
import { ChangeDeadline } from '../../../components/booking/change-policy'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { useMonthSlots } from '../use-month-slots'
import { MonthCalendar } from './month-calendar'
import { PartyPicker } from './party-picker'
import { StepHeading } from '../../../components/booking/step-heading'
import { useMessage } from '../../../components/use-message'
import { hourCycleAtom, TimeZonePicker } from './time-zone-picker'
import { withHourCycle } from '../../../lib/time/zone-search'

/** What to tell the visitor about a failed slots call, in their language. */
function useSlotsFailure(): (error: unknown) => string {
  const { t } = useTranslation()
  const translate = useMessage()
  return (error) => {
    if (isUnreachable(error)) return t('widget.slotsUnreachable')
    if (isHttpError(error) && error.code === 'no_slots') return t('widget.noSlotsAvailable')
    return isHttpError(error) ? translate(error.statusMessage) : String(error)
  }
}

/** The month of the party's free times: the calendar between the bookable window's ends. */
function PartySlots({ party, services }: { party: Party; services: PublicService[] }) {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const describeFailure = useSlotsFailure()
  const timeZone = useAtomValue(timeZoneAtom)
  const hourCycle = useAtomValue(hourCycleAtom)
  const chooseSlot = useSetAtom(chooseSlotAtom)
  const [storedMonth, setMonth] = useAtom(monthAtom)
  const [day, setDay] = useAtom(dayAtom)
  const [searchMessage, setSearchMessage] = useState<string>()
  const thisMonth = currentMonth(timeZone)
  const month = storedMonth ?? thisMonth
  const { slots, window } = useMonthSlots(party, month, timeZone)
  const recurring = services.some((service) => service.recurrenceCount)
  const isClass = services.some((service) => service.seatsPerSlot > 1)
  const bookableFrom = window && localDateOf(window.from, timeZone).slice(0, 7)
  const firstMonth = bookableFrom && bookableFrom > thisMonth ? bookableFrom : thisMonth
  const lastMonth = window && localDateOf(window.until, timeZone).slice(0, 7)

  const jumpTo = (start: string) => {
    const date = localDateOf(start, timeZone)
    setMonth(date.slice(0, 7))
    setDay(date)
  }
  const findNext = async () => {
    setSearchMessage(undefined)
    try {
      jumpTo((await fetchNextSlot(party, timeZone)).slot.start)
    } catch (error) {
      setSearchMessage(describeFailure(error))
    }
  }

  const days = slots.status === 'ready' ? slots.response.days : {}
  const nextAvailable = slots.status === 'ready' ? slots.response.nextAvailable : null
  const daySlots = day ? (days[day] ?? []) : []
  return (
    <>
      <button type="button" className="widget-button" onClick={() => void findNext()}>
        {t('widget.findNextSlot')}
      </button>
      {searchMessage ? <p role="status">{searchMessage}</p> : null}
      <MonthCalendar
        month={month}
        firstMonth={firstMonth}
        lastMonth={lastMonth}
        selectedDay={day}
        availableDays={new Set(Object.keys(days))}
        languageTag={languageTag}
        onMonthChange={setMonth}
        onSelectDay={setDay}
      />
      <div className="widget-slots" aria-live="polite" aria-busy={slots.status === 'loading'}>
        {slots.status === 'loading' ? (
          <p role="status">
            {recurring ? t('widget.findingRecurringSlots') : t('widget.findingSlots')}
          </p>
        ) : null}
        {slots.status === 'failed' ? (
          <p className="widget-alert" role="alert">
            {describeFailure(slots.error)}
          </p>
        ) : null}
        {slots.status === 'ready' && Object.keys(days).length === 0 ? (
          nextAvailable ? (
            <div role="status">
              <p>{t('widget.noSlotThisMonth')}</p>
              <button
                type="button"
                className="widget-button"
                onClick={() => jumpTo(nextAvailable.start)}
              >
                {t('widget.jumpToMonth', {
                  month: formatMonth(
                    localDateOf(nextAvailable.start, timeZone).slice(0, 7),
                    languageTag,
                  ),
                })}
              </button>
            </div>
          ) : (
            <p role="status">{t('widget.noSlotsAvailable')}</p>
          )
        ) : null}
        {slots.status === 'ready' && day && Object.keys(days).length > 0 ? (
          <>
            <h3>{formatLocalDate(day, languageTag)}</h3>
            {daySlots.length === 0 ? (
              <p role="status">{t('widget.noSlotsAvailable')}</p>
            ) : (
              <ul className="widget-slot-list">
                {daySlots.map((slot) => (
                  <li key={slot.start}>
                    <button type="button" className="widget-slot" onClick={() => chooseSlot(slot)}>
                      {formatTime(slot.start, timeZone, withHourCycle(languageTag, hourCycle))}
                      {isClass ? (
                        <span className="widget-slot__seats">
                          {t('widget.seatsLeft', { count: slot.seatsLeft })}
                        </span>
                      ) : null}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </>
  )
}

/**
 * Date and time: who is coming (with one service on offer), then a month of the days on which the
 * whole party fits, and the chosen day's times in the visitor's zone.
 */
export function SelectSlot() {
  const { t } = useTranslation()
  const translate = useMessage()
  const languageTag = useLanguageTag()
  const services = useAtomValue(chosenServicesAtom)
  const single = useAtomValue(singleServiceAtom)
  const party = useAtomValue(partyAtom)
  const timeZone = useAtomValue(timeZoneAtom)
  const failure = useAtomValue(failureReadAtom)
  const mode = useAtomValue(modeReadAtom)
  // A party that can never fit is told so at once, in the server's words, before any search.
  const problem = partyProblem(party, services)

  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>
        {mode.kind === 'reschedule' ? t('widget.chooseNewTime') : t('widget.chooseTime')}
      </StepHeading>
      {mode.kind === 'reschedule' ? (
        <>
          <p className="widget-current-time">
            {t('widget.currentTime', {
              time: formatDateTime(mode.booking.start, timeZone, languageTag),
            })}
          </p>
          <ChangeDeadline
            booking={mode.booking}
            change="reschedule"
            timeZone={timeZone}
            languageTag={languageTag}
          />
        </>
      ) : null}
      {failure ? (
        <p className="widget-alert" role="alert">
          {translate(failure)}
        </p>
      ) : null}
      {single && mode.kind !== 'reschedule' ? <PartyPicker /> : null}
      <TimeZonePicker />
      {problem ? (
        <p className="widget-alert" role="alert">
          {translate(problem)}
        </p>
      ) : (
        <PartySlots party={party} services={services} />
      )}
    </section>
  )
}
