import type { Product, Translation } from '../../lib/content/types'
import { kneePost } from '../screen-fixtures'
import { textChanges, textOf } from './revision-diff'

describe('comparing two versions of an item', () => {
  it('reads a body as its text, a block to a line', () => {
    expect(
      textOf(
        '<h2>Knee</h2><p>Rest &amp; <strong>walk</strong>.<br>Then run.</p><ul><li>Ice</li></ul>',
      ),
    ).toBe('Knee\nRest & walk.\nThen run.\nIce')
  })

  it('tells each changed field of each language, word by word', () => {
    const older = {
      ...kneePost,
      translations: [
        { ...kneePost.translations[0]!, body: '<p>Rest first, then walk.</p>' },
        { ...kneePost.translations[0]!, locale: 'fr' as const, title: 'Genou' },
      ],
    }
    const newer = {
      ...kneePost,
      translations: [
        { ...kneePost.translations[0]!, body: '<p>Walk first, then rest.</p>' },
        { ...kneePost.translations[0]!, locale: 'de' as const, title: 'Knie' },
      ],
    }
    expect(textChanges(older, newer)).toEqual([
      { locale: 'de', field: 'title', pieces: [{ text: 'Knie', change: 'added' }] },
      {
        locale: 'en',
        field: 'body',
        pieces: [
          { text: 'Rest', change: 'removed' },
          { text: 'Walk', change: 'added' },
          { text: ' first, then ', change: 'kept' },
          { text: 'walk', change: 'removed' },
          { text: 'rest', change: 'added' },
          { text: '.', change: 'kept' },
        ],
      },
      { locale: 'fr', field: 'title', pieces: [{ text: 'Genou', change: 'removed' }] },
    ])
    expect(textChanges(newer, newer)).toEqual([])
  })

  it('tells a changed canonical address, and one kept before languages had it as empty', () => {
    const { canonicalPath: _none, ...kept } = kneePost.translations[0]!
    const older = { ...kneePost, translations: [kept as Translation] }
    const newer = {
      ...kneePost,
      translations: [{ ...kneePost.translations[0]!, canonicalPath: '/en/journal/b/knee/' }],
    }
    expect(textChanges(older, newer)).toEqual([
      {
        locale: 'en',
        field: 'canonicalPath',
        pieces: [{ text: '/en/journal/b/knee/', change: 'added' }],
      },
    ])
    expect(textChanges(older, { ...newer, translations: [kneePost.translations[0]!] })).toEqual([])
  })

  it('tells a product’s changed pick-up text, and one kept before products had it as empty', () => {
    const product = (pickUpText?: string): Product =>
      ({
        ...kneePost,
        price: { amount: 2990, currency: 'EUR' },
        images: [],
        translations: [
          { ...kneePost.translations[0]!, ...(pickUpText !== undefined && { pickUpText }) },
        ],
      }) as Product
    expect(textChanges(product(''), product('Collect it at the front desk.'))).toEqual([
      {
        locale: 'en',
        field: 'pickUpText',
        pieces: [{ text: 'Collect it at the front desk.', change: 'added' }],
      },
    ])
    expect(
      textChanges(product('Collect it at the front desk.'), product('Collect it at reception.')),
    ).toEqual([
      {
        locale: 'en',
        field: 'pickUpText',
        pieces: [
          { text: 'Collect it at ', change: 'kept' },
          { text: 'the front desk', change: 'removed' },
          { text: 'reception', change: 'added' },
          { text: '.', change: 'kept' },
        ],
      },
    ])
    expect(textChanges(product(), product(''))).toEqual([])
  })
})
