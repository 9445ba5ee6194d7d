import { useTranslation } from 'gatsby-plugin-react-i18next'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { FormSpy } from 'react-final-form'

interface Unsaved {
  mark: (editor: string, unsaved: boolean) => void
  any: () => boolean
}

/** The dashboard's forms holding typed values not yet saved, by an id of each. */
const UnsavedForms = createContext<Unsaved | undefined>(undefined)

/** Around the dashboard: where its forms say they hold unsaved values (useLeaveGuard). */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const forms = useRef(new Set<string>())
  const unsaved = useMemo<Unsaved>(
    () => ({
      mark: (editor, isUnsaved) => {
        if (isUnsaved) forms.current.add(editor)
        else forms.current.delete(editor)
      },
      any: () => forms.current.size > 0,
    }),
    [],
  )
  return <UnsavedForms.Provider value={unsaved}>{children}</UnsavedForms.Provider>
}

/**
 * While `unsaved`, leaving or reloading the page asks first (the browser's own question), and so
 * does leaving the form inside the dashboard (useMayLeave).
 */
export function useLeaveGuard(unsaved: boolean) {
  const editor = useId()
  const forms = useContext(UnsavedForms)
  useEffect(() => {
    if (!unsaved) return undefined
    forms?.mark(editor, true)
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => {
      forms?.mark(editor, false)
      window.removeEventListener('beforeunload', ask)
    }
  }, [unsaved, editor, forms])
}

/**
 * Inside a react-final-form form: guards it (useLeaveGuard) while it holds values typed since it
 * was loaded or last saved, and tells `onChange`. A form that stays open once saved is not
 * unsaved until typed in again.
 */
export function FormLeaveGuard({ onChange }: { onChange?: (unsaved: boolean) => void }) {
  const [unsaved, setUnsaved] = useState(false)
  useLeaveGuard(unsaved)
  return (
    <FormSpy
      subscription={{ dirty: true, dirtySinceLastSubmit: true, submitSucceeded: true }}
      onChange={(state) => {
        const now = Boolean(state.submitSucceeded ? state.dirtySinceLastSubmit : state.dirty)
        setUnsaved(now)
        onChange?.(now)
      }}
    />
  )
}

/**
 * Whether the user may leave what they are editing for another screen, form or row: at once when
 * no form holds unsaved values, else once they agree to discard them (the browser's question, in
 * the dashboard's language).
 */
export function useMayLeave(): () => boolean {
  const forms = useContext(UnsavedForms)
  const { t } = useTranslation()
  return useCallback(
    () =>
      !forms?.any() ||
      window.confirm(`${t('admin.kit.discardTitle')}\n${t('admin.kit.discardText')}`),
    [forms, t],
  )
}

/**
 * For the dashboard's outermost element (onClickCapture): a click on a link to another of its
 * screens asks first while a form holds unsaved values, and goes nowhere when the user keeps
 * editing. In the capture phase, so the link's own navigation never starts. A link that opens
 * another tab or downloads a file leaves nothing; one that leaves the dashboard unloads the page,
 * which asks already (useLeaveGuard).
 */
export function useGuardedLinks(): (event: MouseEvent) => void {
  const mayLeave = useMayLeave()
  return useCallback(
    (event: MouseEvent) => {
      const link = (event.target as Element).closest?.('a[href]') as HTMLAnchorElement | null
      if (!link || event.defaultPrevented || !staysInDashboard(link, event)) return
      if (mayLeave()) return
      event.preventDefault()
      event.stopPropagation()
    },
    [mayLeave],
  )
}

function staysInDashboard(link: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false
  }
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return false
  const to = new URL(link.href, window.location.href)
  return to.origin === window.location.origin && /\/admin\//.test(to.pathname)
}
