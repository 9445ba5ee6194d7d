import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { isHttpError } from '../../../lib/http'
import { fetchNextSlot } from '../api'
import { formatDateTime, formatLocalDate, formatMonth, formatTime } from '../../../lib/format'
import { localDateOf } from '../month-grid'
import {
  chooseSlotAtom,
  chosenServicesAtom,
  dayAtom,
  failureReadAtom,
  modeReadAtom,
  monthAtom,
  staffChoiceReadAtom,
  timeZoneAtom,
} from '../state'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { useMonthSlots } from '../use-month-slots'
import { MonthCalendar } from './month-calendar'
import { StepHeading } from '../../../components/booking/step-heading'
import { useMessage } from '../../../components/use-message'
import { TimeZonePicker } from './time-zone-picker'

/** Date and time: a month of free days, the chosen day's times in the visitor's zone. */
export function SelectSlot() {
  const { t } = useTranslation()
  const translate = useMessage()
  const languageTag = useLanguageTag()
  const services = useAtomValue(chosenServicesAtom)
  const staffChoice = useAtomValue(staffChoiceReadAtom)
  const timeZone = useAtomValue(timeZoneAtom)
  const failure = useAtomValue(failureReadAtom)
  const mode = useAtomValue(modeReadAtom)
  const chooseSlot = useSetAtom(chooseSlotAtom)
  const [storedMonth, setMonth] = useAtom(monthAtom)
  const [day, setDay] = useAtom(dayAtom)
  const [searchMessage, setSearchMessage] = useState<string>()
  const month = storedMonth ?? localDateOf(new Date().toISOString(), timeZone).slice(0, 7)
  const staffId = typeof staffChoice === 'number' ? staffChoice : undefined
  const slots = useMonthSlots(services, month, timeZone, staffId)
  const recurring = services.some((service) => service.recurrenceCount)
  const isClass = services.some((service) => service.seatsPerSlot > 1)

  const jumpTo = (start: string) => {
    const date = localDateOf(start, timeZone)
    setMonth(date.slice(0, 7))
    setDay(date)
  }
  const findNext = async () => {
    const first = services[0]
    if (!first) return
    setSearchMessage(undefined)
    try {
      jumpTo((await fetchNextSlot(first.id, timeZone, staffId)).slot.start)
    } catch (error) {
      setSearchMessage(isHttpError(error) ? error.statusMessage : t('widget.noSlotsAvailable'))
    }
  }

  const days = slots.status === 'ready' ? slots.days : {}
  const daySlots = day ? (days[day] ?? []) : []
  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>
        {mode.kind === 'reschedule' ? t('widget.chooseNewTime') : t('widget.chooseTime')}
      </StepHeading>
      {mode.kind === 'reschedule' ? (
        <p className="widget-current-time">
          {t('widget.currentTime', {
            time: formatDateTime(mode.booking.start, timeZone, languageTag),
          })}
        </p>
      ) : null}
      {failure ? (
        <p className="widget-alert" role="alert">
          {translate(failure)}
        </p>
      ) : null}
      <TimeZonePicker />
      <button type="button" className="widget-button" onClick={() => void findNext()}>
        {t('widget.findNextSlot')}
      </button>
      {searchMessage ? <p role="status">{translate(searchMessage)}</p> : null}
      <MonthCalendar
        month={month}
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
        {slots.status === 'failed' ? <p role="alert">{slots.message}</p> : null}
        {slots.status === 'ready' && Object.keys(days).length === 0 ? (
          slots.nextAvailable ? (
            <div role="status">
              <p>{t('widget.noSlotThisMonth')}</p>
              <button
                type="button"
                className="widget-button"
                onClick={() => jumpTo((slots.nextAvailable as { start: string }).start)}
              >
                {t('widget.jumpToMonth', {
                  month: formatMonth(
                    localDateOf(slots.nextAvailable.start, timeZone).slice(0, 7),
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
                      {formatTime(slot.start, timeZone, languageTag)}
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
    </section>
  )
}
