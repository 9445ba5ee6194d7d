import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { TextField } from '../shell/fields'
import { renderAdmin } from '../test-support'
import { EditorPanel } from './editor-panel'
import { InlineForm } from './inline-form'
import { LeaveGuardProvider, useGuardedLinks } from './leave-guard'
import { ResourceTable, type Column } from './resource-table'
import { useEditing } from './use-editing'

interface Patient {
  id: number
  name: string
  visits: number
}

const patients: Patient[] = [
  { id: 1, name: 'Zoë', visits: 10 },
  { id: 2, name: 'ana', visits: 2 },
  { id: 3, name: 'Émile', visits: 9 },
]
const columns: Column<Patient>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortBy: (row) => row.name },
  { id: 'visits', header: 'Visits', cell: (row) => row.visits, sortBy: (row) => row.visits },
  { id: 'note', header: 'Note', cell: () => '–' },
]
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent)

describe('the resource table', () => {
  it('keeps the order rows came in until a heading is pressed, then sorts by it both ways', () => {
    renderAdmin(
      <ResourceTable
        label="Patients"
        rows={patients}
        columns={columns}
        rowId={(p) => p.id}
        current={3}
        empty="None"
      />,
    )
    expect(names()).toEqual(['Zoë', 'ana', 'Émile'])
    const visits = screen.getByRole('columnheader', { name: 'Visits' })
    expect(visits).not.toHaveAttribute('aria-sort')
    fireEvent.click(within(visits).getByRole('button', { name: 'Visits' }))
    expect(visits).toHaveAttribute('aria-sort', 'ascending')
    // Numbers as numbers: 2, 9, 10 (not "10" before "2").
    expect(names()).toEqual(['ana', 'Émile', 'Zoë'])
    fireEvent.click(within(visits).getByRole('button', { name: 'Visits' }))
    expect(visits).toHaveAttribute('aria-sort', 'descending')
    expect(names()).toEqual(['Zoë', 'Émile', 'ana'])
    // Text in the page's language: case and accents do not put "ana" after "Zoë".
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    expect(names()).toEqual(['ana', 'Émile', 'Zoë'])
    expect(
      within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button'),
    ).toBeNull()
    expect(screen.getByRole('cell', { name: 'Émile' }).closest('tr')).toHaveAttribute(
      'aria-current',
      'true',
    )
    expect(screen.getByRole('region', { name: 'Patients' })).toBeInTheDocument()
  })

  it('keeps its sort in the address when asked, beside the screen’s own parameters', () => {
    window.history.replaceState(null, '', '/en/admin/services/?sort=-visits&edit=2')
    const table = (
      <ResourceTable
        label="Patients"
        rows={patients}
        columns={columns}
        rowId={(p) => p.id}
        empty="None"
        sortInAddress
      />
    )
    const { unmount } = renderAdmin(table)
    expect(names()).toEqual(['Zoë', 'Émile', 'ana'])
    expect(screen.getByRole('columnheader', { name: 'Visits' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    expect(window.location.search).toBe('?sort=name&edit=2')
    unmount()
    // A reload, or the link sent to a colleague, opens the list sorted the same way.
    const reloaded = renderAdmin(table)
    expect(names()).toEqual(['ana', 'Émile', 'Zoë'])
    reloaded.unmount()
    window.history.replaceState(null, '', '/en/admin/services/?sort=note')
    // A column that does not sort is no sort, not an error.
    renderAdmin(table)
    expect(names()).toEqual(['Zoë', 'ana', 'Émile'])
  })

  it('shows nothing while the rows load and the screen’s words when there are none', () => {
    const { rerender } = renderAdmin(
      <ResourceTable
        label="Patients"
        rows={undefined}
        columns={columns}
        rowId={(p) => p.id}
        empty="No patients yet."
      />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByText('No patients yet.')).toBeNull()
    rerender(
      <ResourceTable
        label="Patients"
        rows={[]}
        columns={columns}
        rowId={(p) => p.id}
        empty="No patients yet."
      />,
    )
    expect(screen.getByText('No patients yet.')).toBeInTheDocument()
  })
})

function Editor({
  onSubmit,
  onClose,
}: {
  onSubmit: (values: { slug?: string }) => Promise<unknown>
  onClose: () => void
}) {
  return (
    <EditorPanel<{ slug?: string }>
      title="Edit Back pain"
      initialValues={{ slug: 'back-pain' }}
      onSubmit={onSubmit}
      onClose={onClose}
      saveLabel="Save"
      closeLabel="Close"
    >
      {() => <TextField name="slug" label="Address name" />}
    </EditorPanel>
  )
}

describe('the editor panel', () => {
  it('is focused when it opens, and shows the server’s refusal on the field it names', async () => {
    const refusal = new HttpError({
      statusCode: 400,
      statusMessage: 'Bad Request',
      message: 'The request is not valid.',
      code: 'invalid_request',
      fields: { slug: 'Another service already uses this address.' },
    })
    const onSubmit = jest.fn().mockRejectedValue(refusal)
    renderAdmin(<Editor onSubmit={onSubmit} onClose={jest.fn()} />)
    expect(screen.getByRole('heading', { name: 'Edit Back pain' })).toHaveFocus()
    const slug = screen.getByLabelText('Address name')
    fireEvent.focus(slug)
    fireEvent.change(slug, { target: { value: 'physio' } })
    fireEvent.blur(slug)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The request is not valid.')
    expect(screen.getByText('Another service already uses this address.')).toBeInTheDocument()
    expect(slug).toHaveAttribute('aria-invalid', 'true')
    // Nothing typed is lost.
    expect(slug).toHaveValue('physio')
  })

  it('closes at once when nothing changed, and asks first when something did', async () => {
    const onClose = jest.fn()
    const { unmount } = renderAdmin(<Editor onSubmit={jest.fn()} onClose={onClose} />)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    unmount()

    renderAdmin(<Editor onSubmit={jest.fn()} onClose={onClose} />)
    fireEvent.change(screen.getByLabelText('Address name'), { target: { value: 'physio' } })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    const question = await screen.findByRole('alertdialog', { name: 'Discard your changes?' })
    expect(within(question).getByRole('button', { name: 'Discard changes' })).toHaveFocus()
    // Leaving the page now asks too.
    const leaving = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(leaving)
    expect(leaving.defaultPrevented).toBe(true)
    fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByLabelText('Address name')).toHaveValue('physio')
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2))
  })
})

/** Two patients' editors, an inline form and a link elsewhere, as a screen in the dashboard. */
function GuardedScreen({ followed }: { followed: string[] }) {
  const { editing, open, close } = useEditing<Patient>()
  const guardLinks = useGuardedLinks()
  return (
    <div onClickCapture={guardLinks}>
      {[
        { name: 'Elsewhere', href: '/en/admin/elsewhere/' },
        { name: 'Export', href: '/en/admin/export.csv', download: true },
        { name: 'Help', href: '/en/admin/help/', target: '_blank' },
      ].map(({ name, href, download, target }) => (
        <a
          key={name}
          href={href}
          download={download}
          target={target}
          onClick={(event) => {
            event.preventDefault()
            followed.push(href)
          }}
        >
          {name}
        </a>
      ))}
      {patients.map((patient) => (
        <button key={patient.id} type="button" onClick={() => open(patient)}>
          Edit {patient.name}
        </button>
      ))}
      {editing?.row ? (
        <EditorPanel<{ name?: string }>
          key={editing.row.id}
          title={`Edit ${editing.row.name}`}
          initialValues={{ name: editing.row.name }}
          onSubmit={jest.fn()}
          onClose={close}
          saveLabel="Save"
          closeLabel="Close"
        >
          {() => <TextField name="name" label="Name" />}
        </EditorPanel>
      ) : null}
      <InlineForm<{ note?: string }>
        initialValues={NOTE}
        onSubmit={() => Promise.resolve()}
        submitLabel="Save the note"
      >
        <TextField name="note" label="Note" />
      </InlineForm>
    </div>
  )
}
const NOTE = { note: '' }

describe('leaving a form with unsaved values inside the dashboard', () => {
  const question = 'Discard your changes?\nWhat you typed in this form has not been saved.'
  let confirm: jest.SpyInstance<boolean, [message?: string]>
  beforeEach(() => {
    confirm = jest.spyOn(window, 'confirm').mockReturnValue(false)
  })
  afterEach(() => confirm.mockRestore())

  const renderScreen = (followed: string[]) =>
    renderAdmin(
      <LeaveGuardProvider>
        <GuardedScreen followed={followed} />
      </LeaveGuardProvider>,
    )

  it('follows links and opens other rows at once while nothing is unsaved', () => {
    const followed: string[] = []
    renderScreen(followed)
    fireEvent.click(screen.getByRole('button', { name: 'Edit Zoë' }))
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    fireEvent.click(screen.getByRole('button', { name: 'Edit ana' }))
    expect(followed).toEqual(['/en/admin/elsewhere/'])
    expect(screen.getByRole('heading', { name: 'Edit ana' })).toBeInTheDocument()
    expect(confirm).not.toHaveBeenCalled()
  })

  it('asks before a link or another row replaces an editor with typed values, and stays when told', () => {
    const followed: string[] = []
    renderScreen(followed)
    fireEvent.click(screen.getByRole('button', { name: 'Edit Zoë' }))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Zoe' } })

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(confirm).toHaveBeenLastCalledWith(question)
    fireEvent.click(screen.getByRole('button', { name: 'Edit ana' }))
    expect(confirm).toHaveBeenCalledTimes(2)
    expect(followed).toEqual([])
    expect(screen.getByRole('heading', { name: 'Edit Zoë' })).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('Zoe')
    // A download, another tab or a click that opens one leave the form where it is.
    fireEvent.click(screen.getByRole('link', { name: 'Export' }))
    fireEvent.click(screen.getByRole('link', { name: 'Help' }))
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }), { ctrlKey: true })
    expect(followed).toEqual(['/en/admin/export.csv', '/en/admin/help/', '/en/admin/elsewhere/'])
    expect(confirm).toHaveBeenCalledTimes(2)
    followed.length = 0

    confirm.mockReturnValue(true)
    fireEvent.click(screen.getByRole('button', { name: 'Edit ana' }))
    expect(screen.getByRole('heading', { name: 'Edit ana' })).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('ana')
  })

  it('counts an inline form as saved once its save went through, until typed in again', async () => {
    const followed: string[] = []
    renderScreen(followed)
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Closed on Friday' } })
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(followed).toEqual([])

    // The save and the form's state after it, settled.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save the note' }))
    })
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(followed).toEqual(['/en/admin/elsewhere/'])
    expect(confirm).toHaveBeenCalledTimes(1)

    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Closed on Fridays' } })
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(confirm).toHaveBeenCalledTimes(2)
    expect(followed).toEqual(['/en/admin/elsewhere/'])
  })
})
