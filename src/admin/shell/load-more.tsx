/** The button under a paged list that asks for its next page; shown while there is one. */
export function LoadMore({
  more,
  loading,
  onLoad,
  label,
}: {
  more: boolean
  loading: boolean
  onLoad: () => Promise<void>
  label: string
}) {
  return more ? (
    <button
      type="button"
      className="widget-button"
      disabled={loading}
      onClick={() => void onLoad()}
    >
      {label}
    </button>
  ) : null
}
