import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import { choosePartyAtom, partyChoiceReadAtom } from '../state'

/**
 * Who is coming, chosen before the times: the visitor and named guests, or only a head count.
 * Names and e-mails follow in the details form; the times offered fit exactly this party.
 */
export function PartyPicker() {
  const { t } = useTranslation()
  const party = useAtomValue(partyChoiceReadAtom)
  const choose = useSetAtom(choosePartyAtom)
  // What is typed stays as typed (an empty field, "0"); the party holds the number it means.
  const [countDraft, setCountDraft] = useState(party.kind === 'count' ? String(party.count) : '2')
  const id = useId()
  const countOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

  return (
    <fieldset className="widget-party">
      <legend>{t('widget.whoIsComing')}</legend>
      <label className="widget-choice">
        <input
          type="checkbox"
          checked={party.kind === 'count'}
          onChange={(event) =>
            choose(
              event.target.checked
                ? { kind: 'count', count: countOf(countDraft) }
                : { kind: 'people', guests: 0 },
            )
          }
        />
        {t('widget.onlyGuestCount')}
      </label>
      {party.kind === 'count' ? (
        <div className="widget-field">
          <label htmlFor={`${id}-count`}>{t('widget.guestCount')}</label>
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            max={100}
            value={countDraft}
            onChange={(event) => {
              setCountDraft(event.target.value)
              choose({ kind: 'count', count: countOf(event.target.value) })
            }}
          />
        </div>
      ) : (
        <>
          <ul className="widget-party__people">
            <li>{t('widget.you')}</li>
            {Array.from({ length: party.guests }, (_, index) => (
              <li key={index}>
                {t('widget.guestNumber', { count: index + 2 })}{' '}
                <button
                  type="button"
                  className="widget-button widget-button--quiet"
                  onClick={() => choose({ kind: 'people', guests: party.guests - 1 })}
                >
                  {t('widget.removeGuest')}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="widget-button widget-button--quiet"
            onClick={() => choose({ kind: 'people', guests: party.guests + 1 })}
          >
            {t('widget.addGuest')}
          </button>
        </>
      )}
    </fieldset>
  )
}
