import { fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { HttpError } from '../lib/http'
import { dashboardApi, forms, outboxMessage } from './screen-fixtures'
import { AdminApp } from './shell/admin-app'
import { fakeApi } from './test-support'

// Webhooks and embedding belong to the site's booking provider, which the build's data names;
// this test's build names none, but for those screens.
let mockProviderId: number | null = null
jest.mock('./shell/use-business', () => {
  const actual: typeof import('./shell/use-business') = jest.requireActual('./shell/use-business')
  return { useBusiness: () => ({ ...actual.useBusiness(), providerId: mockProviderId }) }
})

const intakeForm = forms[0]!.definition
const firstQuestion = intakeForm.pages[0]!.fields[0]!.label.en

/** axe-core's findings, as `rule: element` lines; jsdom cannot judge colour contrast. */
async function violations(): Promise<string[]> {
  const { violations: found } = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
  })
  return found.map((each) => `${each.id}: ${each.nodes.map((node) => node.target).join(', ')}`)
}

describe("the dashboard's accessibility", () => {
  // Each path with the texts that show once its data is in.
  const screens: { path: string; loaded: (string | RegExp)[] }[] = [
    { path: '', loaded: ['Ana Silva'] },
    { path: 'calendar/', loaded: ['Sam Staff', 'No bookings.'] },
    { path: 'availability/', loaded: [/Dr\. Vogel is away/, /Day off/] },
    { path: 'calendars/', loaded: ['School holidays', 'Booking feed of Sam Staff'] },
    { path: 'outbox/', loaded: [outboxMessage.subject] },
    { path: 'audit/', loaded: [/frida@example\.com/] },
    { path: 'users/', loaded: ['Olivia Owner'] },
    { path: 'forms/', loaded: [intakeForm.title.en] },
    { path: 'webhooks/', loaded: ['https://hooks.example.com/in'] },
    { path: 'api-keys/', loaded: ['CRM', 'hp_live_AbCd…'] },
    { path: 'embedding/', loaded: ['https://www.harbor-physio.example', 'Floating button'] },
    { path: 'menus/', loaded: ['All treatments', 'Massage, Consultation'] },
    { path: 'groups/', loaded: ['Physio', 'Consultation, Pilates class'] },
    { path: 'links/', loaded: ['#41'] },
    { path: 'services/', loaded: ['€65.00'] },
    { path: 'staff/', loaded: ['Consultation'] },
    { path: 'content/', loaded: ['About the practice', 'Published'] },
    { path: 'media/', loaded: ['knee-photo.jpg'] },
    { path: 'settings/', loaded: ['About the practice'] },
  ]

  it.each(screens)('finds no violation on /en/admin/$path', async ({ path, loaded }) => {
    mockProviderId = path === 'webhooks/' || path === 'embedding/' ? 7 : null
    render(<AdminApp pathname={`/en/admin/${path}`} api={dashboardApi()} />)
    await screen.findByRole('region', { name: 'Test mode' })
    for (const text of loaded) await screen.findAllByText(text)
    if (path === 'content/') {
      // With the question publishing or unpublishing asks open.
      fireEvent.click(screen.getByRole('button', { name: 'Unpublish About the practice' }))
      await screen.findByRole('alertdialog')
    }
    if (path === '') {
      fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
      fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    }
    // The screens' second views (a form's responses, an endpoint's deliveries) are checked too.
    if (path === 'forms/') {
      fireEvent.click(screen.getByRole('button', { name: intakeForm.title.en }))
      await screen.findByRole('columnheader', { name: firstQuestion })
      // And the form editor, open on that form.
      fireEvent.click(screen.getByRole('button', { name: `Edit ${intakeForm.title.en}` }))
      await screen.findByRole('group', { name: `Question 1: ${firstQuestion}` })
    }
    if (path === 'webhooks/') {
      fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }))
      await screen.findAllByRole('button', { name: 'Resend' })
    }
    // The new key's form, its scopes described, and a revoke asked about.
    if (path === 'api-keys/') {
      fireEvent.click(screen.getByRole('button', { name: 'New API key' }))
      await screen.findByRole('group', { name: 'Scopes' })
      fireEvent.click(screen.getByRole('button', { name: 'Revoke CRM' }))
      await screen.findByRole('alertdialog')
    }
    // The catalogue screens' forms and delete confirmation are checked open.
    if (path === 'menus/') {
      fireEvent.click(screen.getByRole('button', { name: 'Edit All treatments' }))
      fireEvent.click(screen.getByRole('button', { name: 'Delete All treatments' }))
      await screen.findByLabelText('Heading 1')
    }
    if (path === 'groups/') {
      fireEvent.click(screen.getByRole('button', { name: 'Edit Physio' }))
      await screen.findByRole('group', { name: 'Services in the group, in order' })
    }
    // The catalogue screens' forms, open and filled in (the service's with a percentage deposit).
    if (path === 'services/') {
      fireEvent.click(screen.getByRole('button', { name: 'Edit Consultation' }))
    }
    if (path === 'staff/') fireEvent.click(screen.getByRole('button', { name: 'Edit Sam Staff' }))
    // The connect form open, a removal and a new feed address asked about.
    if (path === 'calendars/') {
      fireEvent.click(screen.getByRole('button', { name: 'Connect a calendar' }))
      fireEvent.click(screen.getByRole('button', { name: /^Remove https:\/\/holidays/ }))
      fireEvent.click(screen.getByRole('button', { name: 'New feed address' }))
      await screen.findByLabelText('App password')
    }
    expect(await violations()).toEqual([])
  })

  it('finds no violation on the sign-in screen', async () => {
    const api = fakeApi()
    api.session.mockRejectedValue(
      new HttpError({ statusCode: 401, statusMessage: 'Unauthorized', message: 'Sign in first.' }),
    )
    render(<AdminApp pathname="/en/admin/" api={api} />)
    await screen.findByRole('heading', { name: 'Sign in to the dashboard' })
    expect(await violations()).toEqual([])
  })
})
