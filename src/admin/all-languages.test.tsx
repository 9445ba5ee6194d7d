import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { inLanguage } from '../components/test-language'
import { createHttpClient, HttpError } from '../lib/http'
import { LOCALE_NAMES, LOCALES, type Locale } from '../lib/locale/locales'
import { listTimeZones } from '../lib/time'
import { sameAsEnglishIn } from '../lib/locale/same-as-english'
import { allowedSegments, untranslatedSegments } from '../lib/locale/untranslated'
import { WEBHOOK_EVENT_TYPES } from '../lib/admin/webhook-types'
import { adminScreens, type AdminScreen } from './routes'
import {
  aboutPage,
  begunBooking,
  calendarFeed,
  DATA_SHOWN_AS_IS,
  dashboardApi,
  forms,
  kneePhoto,
  kneePost,
  outboxMessage,
  siteSettings,
} from './screen-fixtures'
import { AdminApp } from './shell/admin-app'
import { adminUser } from './test-support'

/*
 * Issue 28's all-languages walk over the dashboard: each screen in the states that matter (a list
 * with rows, an empty one, an open editor, an error), the sign-in screen and its errors, in
 * English and in each other language. Every visible text and every aria-label, placeholder, title
 * and alt that is equal to the English screen's is a string the translation forgot, unless it is
 * data shown as entered (screen-fixtures.ts) or a word the language shares with English
 * (src/lib/locale/same-as-english.ts).
 *
 * A new screen needs its states in WALKS below: until it has them, the walk fails naming it.
 */

jest.mock('./shell/use-business', () => ({
  useBusiness: () => jest.requireActual<typeof import('./test-support')>('./test-support').business,
}))

type Api = ReturnType<typeof dashboardApi>

interface State {
  name: string
  /** The path under `/{lng}/admin/`, with its query; the screen's own path when left out. */
  path?: string
  /** How this state's API differs from dashboardApi's. */
  api?: (api: Api) => void
  /** What a user does to get there, waiting until it is shown; words come from `tr`. */
  reach: () => Promise<unknown>
}

/** A message in the language of the walk. */
const tr = (key: string, values: Record<string, string> = {}): string => i18next.t(key, values)

// Plain DOM lookups: role queries compute every accessible name, which over ~550 renders of
// screens with long lists (the time zones) would take minutes.
const words = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim()

/** Waits until the page says `text`, alone or within a longer text. */
const shown = (text: string) => waitFor(() => expect(document.body.textContent).toContain(text))

/** Clicks the first button or link whose text (visible or not) or aria-label is `name`. */
async function click(name: string) {
  const target = await waitFor(() => {
    const found = [...document.querySelectorAll('button, a')].find(
      (element) => words(element) === name || element.getAttribute('aria-label') === name,
    )
    if (!found) throw new Error(`No button or link "${name}"`)
    return found
  })
  fireEvent.click(target)
}

const alerted = () =>
  waitFor(() => {
    if (!document.querySelector('[role="alert"]')) throw new Error('No alert')
  })

/** What the HTTP client reports when the server cannot be reached (the dashboard's error banner). */
async function unreachable(): Promise<HttpError> {
  const client = createHttpClient({
    baseUrl: '/api',
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    sleep: () => Promise.resolve(),
  })
  return client.get('/admin/bookings').then(
    () => {
      throw new Error('the request should have failed')
    },
    (failure: HttpError) => failure,
  )
}

const failing = (call: keyof Api) => (api: Api) => {
  api[call].mockImplementation((() => unreachable().then((f) => Promise.reject(f))) as never)
}

const errorBanner = (call: keyof Api): State => ({
  name: 'an error banner',
  api: failing(call),
  reach: alerted,
})

/** The page's title as the content screen lists it: in the dashboard's language where it has one. */
const aboutTitle = () =>
  aboutPage.translations.find((each) => each.locale === i18next.language)?.title ??
  aboutPage.translations.find((each) => each.locale === 'en')!.title

/** Each screen's states; a screen without an entry fails the walk (see the first test). */
const WALKS: Partial<Record<AdminScreen, State[]>> = {
  bookings: [
    { name: 'a list with rows', reach: () => shown('Carla Diaz') },
    {
      name: 'an empty list',
      api: (api) => api.bookings.mockResolvedValue({ bookings: [], nextCursor: null }),
      reach: () => shown(tr('admin.bookings.empty')),
    },
    errorBanner('bookings'),
    {
      name: 'a request opened, declining it',
      reach: async () => {
        await click('Ana Silva')
        await click(tr('admin.actions.decline'))
        await click(tr('admin.actions.declineSubmit'))
        await shown(tr('admin.validation.reason'))
      },
    },
    {
      name: 'a paid booking opened, rescheduling it',
      reach: async () => {
        await click('Dan Eriksen')
        await click(tr('admin.actions.reschedule'))
        await shown(tr('admin.actions.newDate'))
      },
    },
    {
      name: 'a paid booking opened, refunding it',
      reach: async () => {
        await click('Dan Eriksen')
        await click(tr('admin.actions.refund'))
        await shown(tr('admin.actions.refundTitle'))
      },
    },
    {
      name: 'a held booking opened, cancelling it',
      reach: async () => {
        await click('Carla Diaz')
        await click(tr('admin.actions.cancel'))
        await shown(tr('admin.actions.cancelTitle'))
      },
    },
    {
      name: 'a cancelled booking opened',
      reach: async () => {
        await click('Eva Fischer')
        await shown(tr('admin.detail.history'))
      },
    },
    {
      name: 'a begun booking opened, a refusal shown',
      api: (api) => {
        api.bookings.mockResolvedValue({ bookings: [begunBooking], nextCursor: null })
        failing('markNoShow')(api)
      },
      reach: async () => {
        await click('Finn Olsen')
        await click(tr('admin.actions.no-show'))
        await alerted()
      },
    },
  ],
  calendar: [
    {
      name: 'a day with bookings',
      path: 'calendar/?date=2030-03-05',
      reach: () => shown('Ana Silva'),
    },
    {
      name: 'a week with bookings',
      path: 'calendar/?date=2030-03-05',
      reach: async () => {
        await shown('Ana Silva')
        await click(tr('admin.calendar.week'))
        await shown(tr('admin.calendar.nextWeek'))
      },
    },
    { ...errorBanner('bookings'), path: 'calendar/?date=2030-03-05' },
  ],
  availability: [
    {
      name: 'hours, overrides and blocked periods',
      reach: () => shown(tr('admin.blocked.business')),
    },
    {
      name: 'an empty staff member',
      api: (api) => {
        api.overrides.mockResolvedValue([])
        api.blockedPeriods.mockResolvedValue([])
      },
      reach: () => shown(tr('admin.blocked.none')),
    },
    errorBanner('staff'),
  ],
  calendars: [
    {
      name: 'connections, their calendars and the feed',
      reach: () => shown(tr('admin.calendars.feedText')),
    },
    {
      name: 'connecting an account, its errors shown',
      reach: async () => {
        await click(tr('admin.calendars.connect'))
        await click(tr('admin.calendars.connectSubmit'))
        await shown(tr('admin.validation.required'))
      },
    },
    {
      name: 'connecting a feed, removing a connection',
      reach: async () => {
        await click(tr('admin.calendars.connect'))
        fireEvent.click(await screen.findByLabelText(tr('admin.calendars.ics.choice')))
        await shown(tr('admin.calendars.ics.urlHelp'))
        await click(`${tr('admin.calendars.remove')} https://holidays.example.org/school.ics`)
        await shown(tr('admin.calendars.removeText'))
      },
    },
    {
      name: 'nothing connected, a new feed address asked about',
      api: (api) => api.staffCalendars.mockResolvedValue({ connections: [], feed: calendarFeed }),
      reach: async () => {
        await shown(tr('admin.calendars.empty'))
        await click(tr('admin.calendars.rotate'))
        await shown(tr('admin.calendars.rotateText'))
      },
    },
    errorBanner('staffCalendars'),
  ],
  services: [
    {
      name: 'the editor open',
      reach: async () => {
        await click(`${tr('admin.services.edit')} Consultation`)
        await shown(tr('admin.services.editTitle', { name: 'Consultation' }))
      },
    },
    {
      name: 'a new service, its errors shown',
      api: (api) => api.adminServices.mockResolvedValue([]),
      reach: async () => {
        await shown(tr('admin.services.empty'))
        await click(tr('admin.services.new'))
        await click(tr('admin.services.create'))
        await shown(tr('admin.validation.required'))
      },
    },
    errorBanner('adminServices'),
  ],
  staff: [
    {
      name: 'the editor open',
      reach: async () => {
        await click(`${tr('admin.staff.edit')} Sam Staff`)
        await shown(tr('admin.staff.editTitle', { name: 'Sam Staff' }))
      },
    },
    {
      name: 'an empty list, a new member',
      api: (api) => api.staff.mockResolvedValue([]),
      reach: async () => {
        await shown(tr('admin.staff.empty'))
        await click(tr('admin.staff.new'))
        await shown(tr('admin.staff.create'))
      },
    },
    errorBanner('staff'),
  ],
  menus: [
    {
      name: 'the editor open, deleting',
      reach: async () => {
        await click(`${tr('admin.catalogue.edit')} All treatments`)
        await click(`${tr('admin.catalogue.delete')} All treatments`)
        await shown(tr('admin.menus.deleteTitle', { name: 'All treatments' }))
      },
    },
    {
      name: 'an empty list, a new menu',
      api: (api) => api.serviceMenus.mockResolvedValue([]),
      reach: async () => {
        await shown(tr('admin.menus.empty'))
        await click(tr('admin.menus.new'))
      },
    },
    errorBanner('serviceMenus'),
  ],
  groups: [
    {
      name: 'the editor open',
      reach: async () => {
        await click(`${tr('admin.catalogue.edit')} Physio`)
        await shown(tr('admin.groups.services'))
      },
    },
    {
      name: 'an empty list',
      api: (api) => api.groups.mockResolvedValue([]),
      reach: () => shown(tr('admin.groups.empty')),
    },
    errorBanner('groups'),
  ],
  links: [
    { name: 'a list with rows', reach: () => shown('#41') },
    {
      name: 'an empty list',
      api: (api) => api.oneTimeLinks.mockResolvedValue({ links: [], next: null }),
      reach: () => shown(tr('admin.links.empty')),
    },
    errorBanner('oneTimeLinks'),
  ],
  forms: [
    {
      name: 'a form’s responses',
      reach: async () => {
        const title = forms[0]!.definition.title
        await click(title[i18next.language] ?? title.en ?? '')
        await shown(tr('admin.forms.csv'))
      },
    },
    {
      name: 'the editor open',
      reach: async () => {
        await click(tr('admin.forms.edit.newSurvey'))
        await shown(tr('admin.forms.edit.intro'))
      },
    },
    {
      name: 'an empty list',
      api: (api) => api.forms.mockResolvedValue({ forms: [] }),
      reach: () => shown(tr('admin.forms.empty')),
    },
    errorBanner('forms'),
  ],
  webhooks: [
    {
      name: 'an endpoint’s deliveries, one sent again',
      reach: async () => {
        await click(tr('admin.webhooks.deliveries'))
        await click(tr('admin.webhooks.resend'))
        await shown(tr('admin.webhooks.resent', { event: 'booking.created' }))
      },
    },
    {
      name: 'an empty list',
      api: (api) => api.webhooks.mockResolvedValue({ endpoints: [] }),
      reach: () => shown(tr('admin.webhooks.empty')),
    },
    errorBanner('webhooks'),
  ],
  'api-keys': [
    {
      name: 'a list with rows, one asked to be revoked',
      reach: async () => {
        await click(`${tr('admin.apiKeys.revoke')} CRM`)
        await shown(tr('admin.apiKeys.revokeTitle', { name: 'CRM' }))
      },
    },
    {
      name: 'a new key refused for empty fields',
      reach: async () => {
        await click(tr('admin.apiKeys.new'))
        await click(tr('admin.apiKeys.create'))
        await shown(tr('admin.apiKeys.scopesRequired'))
      },
    },
    {
      // jsdom has no clipboard: the copy is refused, the key left selected to copy by hand.
      name: 'a new key shown once, its copy refused',
      reach: async () => {
        await click(tr('admin.apiKeys.new'))
        fireEvent.change(await screen.findByLabelText(tr('admin.apiKeys.name')), {
          target: { value: 'Website sync' },
        })
        fireEvent.click(screen.getByRole('checkbox', { name: 'content:read' }))
        await click(tr('admin.apiKeys.create'))
        await click(tr('admin.apiKeys.copy'))
        await shown(tr('admin.apiKeys.copyRefused'))
      },
    },
    {
      name: 'an empty list',
      api: (api) => api.apiKeys.mockResolvedValue([]),
      reach: () => shown(tr('admin.apiKeys.empty')),
    },
    errorBanner('apiKeys'),
  ],
  embedding: [
    { name: 'the sites and the code', reach: () => shown(tr('admin.embedding.anySite')) },
    {
      name: 'no sites yet, a wrong one refused',
      api: (api) =>
        api.adminProviders.mockResolvedValue([
          {
            id: 7,
            slug: 'harbor-physio',
            name: 'Harbor Physio',
            timeZone: 'Europe/Berlin',
            embedOrigins: [],
            version: 1,
          },
        ]),
      reach: async () => {
        await shown(tr('admin.embedding.none'))
        await click(tr('admin.embedding.add'))
        await shown(tr('admin.embedding.originInvalid'))
      },
    },
    errorBanner('adminProviders'),
  ],
  outbox: [
    { name: 'a list with rows', reach: () => shown(outboxMessage.subject) },
    {
      name: 'an e-mail opened',
      reach: async () => {
        await shown(outboxMessage.subject)
        fireEvent.click(screen.getByText(outboxMessage.subject))
        await waitFor(() => {
          if (!document.querySelector('iframe')) throw new Error('No frame')
        })
      },
    },
    {
      name: 'an empty list',
      api: (api) => api.outbox.mockResolvedValue({ messages: [], next: null }),
      reach: () => shown(tr('admin.outbox.empty')),
    },
    errorBanner('outbox'),
  ],
  audit: [
    { name: 'a list with rows', reach: () => shown('frida@example.com') },
    {
      name: 'an empty list',
      api: (api) => api.audit.mockResolvedValue({ entries: [], nextCursor: null }),
      reach: () => shown(tr('admin.audit.empty')),
    },
    errorBanner('audit'),
  ],
  content: [
    { name: 'a list of pages', reach: () => shown(aboutTitle()) },
    {
      name: 'unpublishing, asked first',
      reach: async () => {
        await click(`${tr('admin.content.unpublish')} ${aboutTitle()}`)
        await shown(tr('admin.content.unpublishText'))
      },
    },
    {
      name: 'a list of drafts, publishing asked first',
      path: 'content/?kind=posts',
      reach: async () => {
        await click(`${tr('admin.content.publish')} Five knee exercises`)
        await shown(tr('admin.content.publishText'))
      },
    },
    {
      name: 'a post in the editor, its German beside the English',
      path: 'content/?kind=posts',
      reach: async () => {
        await click(`${tr('admin.content.edit')} Five knee exercises`)
        await click(tr('admin.contentEditor.notWritten', { language: LOCALE_NAMES.de }))
        await shown(tr('admin.contentEditor.defaultText', { language: LOCALE_NAMES.en }))
        await shown(tr('admin.richText.book'))
      },
    },
    {
      name: 'a product in the editor, its German beside its English pick-up text',
      path: 'content/?kind=products',
      reach: async () => {
        await click(`${tr('admin.content.edit')} Resistance band`)
        await shown(tr('admin.contentEditor.pickUpHelp'))
        await click(tr('admin.contentEditor.notWritten', { language: LOCALE_NAMES.de }))
        await shown(tr('admin.contentEditor.defaultText', { language: LOCALE_NAMES.en }))
      },
    },
    {
      name: 'a new page, its errors shown',
      reach: async () => {
        await click(
          tr('admin.contentEditor.newTitle', { kind: tr('admin.contentEditor.kind.pages') }),
        )
        await click(tr('admin.contentEditor.create'))
        await shown(tr('admin.services.validation.slug'))
      },
    },
    {
      name: 'a post’s history, a version compared with now',
      path: 'content/?kind=posts',
      api: (api) =>
        api.contentPage.mockImplementation(async (kind) => ({
          items: kind === 'posts' ? [{ ...kneePost, version: 2 }] : [],
          nextCursor: null,
        })),
      reach: async () => {
        await click(`${tr('admin.content.history')} Five knee exercises`)
        await click(
          `${tr('admin.history.compare')} ${tr('admin.history.versionName', { version: '1' })}`,
        )
        await shown(tr('admin.history.compared', { version: '1' }))
      },
    },
    {
      name: 'a page with changes waiting, discarding asked first',
      api: (api) =>
        api.contentPage.mockImplementation(async (kind) => ({
          items: kind === 'pages' ? [{ ...aboutPage, pendingChanges: true as const }] : [],
          nextCursor: null,
        })),
      reach: async () => {
        await click(`${tr('admin.content.discard')} ${aboutTitle()}`)
        await shown(tr('admin.content.discardText'))
        await shown(tr('admin.content.publishedWithChanges'))
      },
    },
    {
      name: 'a draft being scheduled, its time missing',
      path: 'content/?kind=posts',
      reach: async () => {
        await click(`${tr('admin.schedule.action')} Five knee exercises`)
        await click(tr('admin.schedule.submit'))
        await shown(tr('admin.validation.required'))
      },
    },
    {
      name: 'a scheduled draft',
      path: 'content/?kind=posts',
      api: (api) =>
        api.contentPage.mockImplementation(async (kind) => ({
          items: kind === 'posts' ? [{ ...kneePost, publishAt: '2030-03-10T08:00:00.000Z' }] : [],
          nextCursor: null,
        })),
      reach: () => shown(tr('admin.schedule.cancel')),
    },
    {
      name: 'an empty list',
      api: (api) => api.contentPage.mockResolvedValue({ items: [], nextCursor: null }),
      reach: () => shown(tr('admin.content.empty')),
    },
    {
      name: 'older items to load',
      api: (api) => api.contentPage.mockResolvedValue({ items: [aboutPage], nextCursor: 'next' }),
      reach: () => shown(tr('admin.loadMore')),
    },
    errorBanner('contentPage'),
  ],
  media: [
    { name: 'a list with rows', reach: () => shown('knee-photo.jpg') },
    {
      name: 'an image that is the site’s logo',
      api: (api) =>
        api.mediaLibrary.mockResolvedValue([
          { ...kneePhoto, usedBy: [{ kind: 'site', id: 'logo', title: 'logo' }] },
        ]),
      reach: () => shown(tr('admin.media.siteLogo')),
    },
    {
      name: 'an image’s alt texts open',
      reach: async () => {
        await click(`${tr('admin.media.altAction')} knee-photo.jpg`)
        await shown(tr('admin.media.altHelp'))
      },
    },
    {
      name: 'deleting, asked first',
      reach: async () => {
        await click(`${tr('admin.media.delete')} knee-photo.jpg`)
        await shown(tr('admin.media.deleteUsed', { number: '1' }))
      },
    },
    {
      name: 'uploads refused',
      reach: async () => {
        await shown('knee-photo.jpg')
        fireEvent.change(document.querySelector('#media-upload')!, {
          target: { files: [new File(['x'], 'anim.gif', { type: 'image/gif' })] },
        })
        await shown(tr('admin.media.badType', { name: 'anim.gif' }))
      },
    },
    {
      name: 'an empty library',
      api: (api) => api.mediaLibrary.mockResolvedValue([]),
      reach: () => shown(tr('admin.media.empty')),
    },
    errorBanner('mediaLibrary'),
  ],
  settings: [
    { name: 'the settings and the menus', reach: () => shown(tr('admin.site.menusIntro')) },
    {
      name: 'the default language offered alone',
      api: (api) => api.siteSettings.mockResolvedValue({ ...siteSettings, languages: ['en'] }),
      reach: () => shown(tr('admin.site.onlyDefaultLanguage', { language: LOCALE_NAMES.en })),
    },
    {
      name: 'a language’s cookie notice without a name',
      reach: async () => {
        await shown(tr('admin.site.menusIntro'))
        await click(LOCALE_NAMES.fr)
        fireEvent.change(document.getElementById('admin-field-translations.fr.cookieBannerText')!, {
          target: { value: 'x' },
        })
        await click(tr('admin.contentEditor.save'))
        await shown(tr('admin.site.nameNeeded'))
      },
    },
    errorBanner('siteSettings'),
  ],
  users: [
    {
      name: 'an account opened',
      reach: async () => {
        await click(tr('admin.users.editName', { name: 'Sam Staff' }))
        await shown(tr('admin.users.editTitle', { name: 'Sam Staff' }))
      },
    },
    errorBanner('users'),
  ],
}

const signedOut = (api: Api) =>
  api.session.mockRejectedValue(
    new HttpError({ statusCode: 401, statusMessage: 'Unauthorized', message: 'Sign in first.' }),
  )

/** Before signing in, and the one-time password's change. */
const SESSION_STATES: State[] = [
  {
    name: 'sign-in: the e-mail or password is wrong',
    api: (api) => {
      signedOut(api)
      api.signIn.mockRejectedValue(
        new HttpError({
          statusCode: 401,
          statusMessage: 'Unauthorized',
          message: 'The e-mail or password is wrong.',
          code: 'unauthorized',
        }),
      )
    },
    reach: async () => {
      fireEvent.change(await screen.findByLabelText(tr('admin.signIn.email')), {
        target: { value: 'owner@example.com' },
      })
      fireEvent.change(screen.getByLabelText(tr('admin.signIn.password')), {
        target: { value: 'not it' },
      })
      await click(tr('admin.signIn.submit'))
      await shown(tr('admin.signIn.wrong'))
    },
  },
  {
    name: 'sign-in: nothing filled in',
    api: signedOut,
    reach: async () => {
      await click(tr('admin.signIn.submit'))
      await shown(tr('admin.validation.email'))
    },
  },
  { name: 'sign-in: the server cannot be reached', api: failing('session'), reach: alerted },
  {
    name: 'changing the one-time password',
    api: (api) =>
      api.session.mockResolvedValue({
        user: adminUser('owner', { mustChangePassword: true }),
        csrfToken: 'x',
        expiresAt: '',
      }),
    reach: async () => {
      await click(tr('admin.password.submit'))
      await shown(tr('admin.validation.required'))
    },
  },
]

interface Case {
  id: string
  screen: AdminScreen | null
  state: State
}

const cases: Case[] = [
  ...adminScreens.flatMap((each) =>
    (WALKS[each] ?? []).map((state) => ({ id: `${each}: ${state.name}`, screen: each, state })),
  ),
  ...SESSION_STATES.map((state) => ({ id: state.name, screen: null, state })),
]

const TEXT_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt']

/** What a reader (or a screen reader) is told on the page. */
function pageTexts(): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // A text area's text is its value (what was typed); code to paste is code in every language.
    if (node.textContent?.trim() && !node.parentElement?.closest('textarea, code')) {
      // An e-mail address may wrap at a <wbr> (EmailText): to a reader it is one text.
      if (node.previousSibling?.nodeName === 'WBR' && texts.length > 0) {
        texts[texts.length - 1] += node.textContent
      } else {
        texts.push(node.textContent)
      }
    }
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of TEXT_ATTRIBUTES) {
      const value = element.getAttribute(name)
      if (value) texts.push(value)
    }
  }
  return texts
}

async function walk({ screen: at, state }: Case, locale: Locale): Promise<string[]> {
  const path = state.path ?? (at === null || at === 'bookings' ? '' : `${at}/`)
  window.history.replaceState(null, '', `/${locale}/admin/${path}`)
  const api = dashboardApi()
  state.api?.(api)
  const { wrapper } = wrappers[locale]
  render(<AdminApp pathname={`/${locale}/admin/${path.split('?')[0]}`} api={api} />, { wrapper })
  await state.reach()
  return pageTexts()
}

/** Same in every language: the data of the fixtures, languages' own names, webhook event names. */
const sharedData = allowedSegments({
  ...DATA_SHOWN_AS_IS,
  ...Object.fromEntries(
    Object.values(LOCALE_NAMES).map((name) => [name, 'a language’s own name (the switcher)']),
  ),
  ...Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [type, 'an event’s name, as a webhook receiver gets it']),
  ),
  ...Object.fromEntries(
    listTimeZones().map((zone) => [zone, 'a time zone’s IANA name (the time zone choices)']),
  ),
})

const OTHER_LOCALES = LOCALES.filter((locale): locale is Exclude<Locale, 'en'> => locale !== 'en')
const english = new Map<string, string[]>()
const wrappers = {} as Record<Locale, ReturnType<typeof inLanguage>>

afterEach(() => window.history.replaceState(null, '', '/'))

it.each([...adminScreens])('walks the %s screen', (each) => {
  if (!WALKS[each]?.length) {
    throw new Error(
      `The "${each}" screen has no states in the all-languages walk: add them to WALKS in ` +
        'src/admin/all-languages.test.tsx (with its data in screen-fixtures.ts).',
    )
  }
})

describe('in English', () => {
  wrappers.en = inLanguage('en')
  it.each(cases.map((each) => [each.id, each] as const))('%s', async (_, each) => {
    english.set(each.id, await walk(each, 'en'))
  })
})

describe.each(OTHER_LOCALES)('in %s', (locale) => {
  wrappers[locale] = inLanguage(locale)
  const sameWord = sameAsEnglishIn(locale)
  const allowed = (segment: string) => sharedData.has(segment) || sameWord(segment)
  it.each(cases.map((each) => [each.id, each] as const))('%s', async (id, each) => {
    const texts = await walk(each, locale)
    const inEnglish = english.get(id)
    if (!inEnglish) throw new Error(`"${id}" was not shown in English: nothing to compare with`)
    expect(
      untranslatedSegments(inEnglish, texts, allowed).map((text) => `${locale} · ${id}: ${text}`),
    ).toEqual([])
  })
})
