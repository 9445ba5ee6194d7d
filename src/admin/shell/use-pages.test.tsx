import { act, renderHook, waitFor } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { usePages, type Page } from './use-pages'

/** A list of `rows`, two a page, the cursor the index of the next row. */
const pagesOf =
  (rows: string[]) =>
  async (cursor = 0): Promise<Page<string, number>> => ({
    items: rows.slice(cursor, cursor + 2),
    next: cursor + 2 < rows.length ? cursor + 2 : null,
  })

describe('a cursor-paged list', () => {
  it('appends the next page, reads the first again in place of all, and changes a row at once', async () => {
    const rows = ['a', 'b', 'c', 'd', 'e']
    // One fetchPage for the whole test: a new one would be new filters.
    const fetchPage = pagesOf(rows)
    const { result } = renderHook(() => usePages(fetchPage))
    await waitFor(() => expect(result.current.items).toEqual(['a', 'b']))
    await act(() => result.current.loadMore())
    expect(result.current.items).toEqual(['a', 'b', 'c', 'd'])
    expect(result.current.next).toBe(4)

    act(() => result.current.update((items) => items.map((item) => item.toUpperCase())))
    expect(result.current.items).toEqual(['A', 'B', 'C', 'D'])

    rows.unshift('new')
    let read: string[] | undefined
    await act(async () => {
      read = await result.current.reload()
    })
    expect(read).toEqual(['new', 'a'])
    expect(result.current.items).toEqual(['new', 'a'])
    expect(result.current.next).toBe(2)
  })

  it('says a failed reading, keeping the rows shown', async () => {
    let fail = false
    const fetchPage = async (cursor = 0) => {
      if (fail) {
        throw new HttpError({ statusCode: 404, statusMessage: 'Not Found', message: 'Gone.' })
      }
      return pagesOf(['a', 'b', 'c'])(cursor)
    }
    const { result } = renderHook(() => usePages(fetchPage))
    await waitFor(() => expect(result.current.items).toEqual(['a', 'b']))
    fail = true
    let read: string[] | undefined = []
    await act(async () => {
      read = await result.current.reload()
    })
    expect(read).toBeUndefined()
    expect(result.current.items).toEqual(['a', 'b'])
    expect(result.current.error).toBe('Gone.')
  })

  it('keeps a reading of other filters from replacing what the new ones show', async () => {
    let answerOld: (page: Page<string, number>) => void = () => undefined
    const old = jest.fn((cursor?: number): Promise<Page<string, number>> =>
      cursor === undefined && old.mock.calls.length > 1
        ? new Promise((resolve) => (answerOld = resolve))
        : pagesOf(['old'])(cursor),
    )
    const { result, rerender } = renderHook(({ fetchPage }) => usePages(fetchPage), {
      initialProps: { fetchPage: old },
    })
    await waitFor(() => expect(result.current.items).toEqual(['old']))
    let reloading: Promise<string[] | undefined> = Promise.resolve(undefined)
    act(() => {
      reloading = result.current.reload()
    })
    rerender({ fetchPage: pagesOf(['new']) as typeof old })
    await waitFor(() => expect(result.current.items).toEqual(['new']))
    await act(async () => {
      answerOld({ items: ['old again'], next: null })
      await reloading
    })
    expect(result.current.items).toEqual(['new'])
    expect(result.current.loading).toBe(false)
  })
})
