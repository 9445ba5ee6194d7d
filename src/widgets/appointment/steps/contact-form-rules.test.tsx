import { render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { inLanguage } from '../../../components/test-language'
import type { PublicService } from '../../../lib/booking/api-types'
import { catalog, flowStore, service, slot } from '../test-support'
import ContactForm from './contact-form'

jest.mock('../api', () => ({ postBooking: jest.fn() }))

/** Shockwave therapy as the issue found it: a €20 deposit and 48-hour deadlines. */
const shockwave = (overrides: Partial<PublicService> = {}) =>
  service({
    name: 'Shockwave therapy',
    priceCents: 9000,
    depositCents: 2000,
    rescheduleCutoffMinutes: 2880,
    cancellationCutoffMinutes: 2880,
    refundPolicy: 'full_before_cutoff',
    refundCutoffMinutes: 2880,
    ...overrides,
  })

function setup(
  services: PublicService[],
  start: string,
  wrapper: ReturnType<typeof inLanguage>['wrapper'],
) {
  const store = flowStore({
    catalog: catalog(services),
    staff: 'any',
    slot: slot(start),
    timeZone: 'America/New_York',
  })
  render(<Provider store={store}>{wrapper({ children: <ContactForm /> })}</Provider>)
}

afterEach(() => jest.restoreAllMocks())

describe('the details step states the rules before booking, in German', () => {
  const { wrapper } = inLanguage('de')

  it('gives the deadlines in the visitor’s zone, and what happens to the deposit', () => {
    // Booked on March 1 for March 5, 09:00 UTC (04:00 in New York).
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-03-01T08:00:00Z'))
    setup([shockwave()], '2030-03-05T09:00:00.000Z', wrapper)
    expect(screen.getByRole('heading', { name: 'Verschieben und Stornieren' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'Sie können online bis 48 Stunden vor dem Termin verschieben: bis Sonntag, 3. März 2030, 04:00 (America/New_York).',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Sie können online bis 48 Stunden vor dem Termin stornieren: bis Sonntag, 3. März 2030, 04:00 (America/New_York).',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Wenn Sie bis Sonntag, 3. März 2030, 04:00 (America/New_York) stornieren, werden die jetzt gezahlten 20,00 € vollständig erstattet; danach werden sie einbehalten.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Sagt Harbor Physio den Termin ab, wird alles Gezahlte erstattet.'),
    ).toBeInTheDocument()
  })

  it('says a same-day time is already inside the deadlines, with no date before the booking', () => {
    // 04:48 in Berlin for 10:00 the same day.
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-03-05T03:48:00Z'))
    setup([shockwave()], '2030-03-05T09:00:00.000Z', wrapper)
    expect(
      screen.getByText(
        'Online verschieben ist nur bis 48 Stunden vor dem Termin möglich; diesen Termin können Sie nach der Buchung daher nicht mehr online verschieben.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Online stornieren ist nur bis 48 Stunden vor dem Termin möglich; diesen Termin können Sie nach der Buchung daher nicht mehr online stornieren.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Wenn Sie stornieren, werden die jetzt gezahlten 20,00 € nicht erstattet: Eine Erstattung ist nur bis 48 Stunden vor dem Termin möglich.',
      ),
    ).toBeInTheDocument()
  })

  it('says a kept deposit is kept, as the refund on cancelling keeps it', () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-03-01T08:00:00Z'))
    setup([shockwave({ refundPolicy: 'keep_deposit' })], '2030-03-05T09:00:00.000Z', wrapper)
    expect(
      screen.getByText(
        'Wenn Sie stornieren, wird die jetzt gezahlte Anzahlung von 20,00 € einbehalten.',
      ),
    ).toBeInTheDocument()
  })
})
