import type { ButtonHTMLAttributes } from 'react'

/** A screen's main action beside its title ("New service"): the toolbar's primary button. */
export function MainAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="widget-button widget-button--primary" onClick={onClick}>
      {label}
    </button>
  )
}

/**
 * A secondary button (Close, Back, Keep, Remove): quiet beside a form's or a panel's main one.
 * Its other attributes (disabled, aria-pressed, title) pass through.
 */
export function QuietButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  return <button {...props} type="button" className="widget-button widget-button--quiet" />
}
