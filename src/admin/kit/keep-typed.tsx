import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import { FormSpy, useForm } from 'react-final-form'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { formatShortDateTime } from '../../lib/format/booking'
import { useAdmin } from '../shell/admin-context'
import { QuietButton } from './main-action'

/** What is kept in the browser of a form's unsaved values, under the form's key. */
interface Kept<V> {
  keptAt: string
  values: V
}

const STORAGE_PREFIX = 'admin-typed:'

const storage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    // Storage refused (a private window's policy): the form works, only nothing is kept.
    return undefined
  }
}

/** The values kept under `key`, if any were. */
export function readKept<V>(key: string): Kept<V> | undefined {
  try {
    const text = storage()?.getItem(STORAGE_PREFIX + key)
    return text ? (JSON.parse(text) as Kept<V>) : undefined
  } catch {
    return undefined
  }
}

/** Forgets what was kept under `key`: the values were saved, or the user chose to drop them. */
export function forgetKept(key: string): void {
  storage()?.removeItem(STORAGE_PREFIX + key)
}

function keep<V>(key: string, values: V, now: Date): void {
  try {
    const kept: Kept<V> = { keptAt: now.toISOString(), values }
    storage()?.setItem(STORAGE_PREFIX + key, JSON.stringify(kept))
  } catch {
    // Full or refused storage: nothing is kept, as without it.
  }
}

/**
 * Inside a react-final-form form: keeps its values in the browser while they are unsaved, so a
 * failed save, a closed tab or an expired session loses nothing, and offers them back when the
 * form opens again. The caller forgets them (`forgetKept`) once saved or discarded.
 */
export function KeepTyped<V extends object>({ storageKey }: { storageKey: string }) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { business } = useAdmin()
  const form = useForm<V>()
  const [offered, setOffered] = useState(() => readKept<V>(storageKey))
  return (
    <>
      <FormSpy<V>
        subscription={{ values: true, dirty: true }}
        onChange={({ values, dirty }) => {
          // Until the user answers, what was kept stays as it was.
          if (dirty && !offered) keep(storageKey, values, new Date())
        }}
      />
      {offered ? (
        <div role="group" aria-labelledby="admin-kept-text" className="admin-kept">
          <p id="admin-kept-text">
            {t('admin.kit.keptText', {
              when: formatShortDateTime(offered.keptAt, business.timeZone, tag),
            })}
          </p>
          <div className="admin-toolbar">
            <button
              type="button"
              className="widget-button"
              onClick={() => {
                form.batch(() => {
                  for (const [name, value] of Object.entries(offered.values)) {
                    form.change(name as keyof V, value as V[keyof V])
                  }
                })
                setOffered(undefined)
              }}
            >
              {t('admin.kit.keptRestore')}
            </button>
            <QuietButton
              onClick={() => {
                forgetKept(storageKey)
                setOffered(undefined)
              }}
            >
              {t('admin.kit.keptDiscard')}
            </QuietButton>
          </div>
        </div>
      ) : null}
    </>
  )
}
