/** A screen's main action beside its title ("New service"): the toolbar's primary button. */
export function MainAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="widget-button widget-button--primary" onClick={onClick}>
      {label}
    </button>
  )
}
