import { messageTranslationOf } from './message-keys'
import { maxSlotsMessage, MESSAGES, seatsLeftMessage } from './messages'

describe('messageTranslationOf', () => {
  it("finds the key of every one of the spec's messages", () => {
    expect(messageTranslationOf(MESSAGES.staffBusy)).toEqual({ key: 'messages.staffBusy' })
    expect(messageTranslationOf('Email is invalid!')).toEqual({ key: 'messages.emailInvalid' })
  })

  it('carries the number of the messages that have one', () => {
    expect(messageTranslationOf(seatsLeftMessage(3))).toEqual({
      key: 'messages.seatsLeft',
      values: { count: 3 },
    })
    expect(messageTranslationOf(maxSlotsMessage(2))).toEqual({
      key: 'messages.maxSlots',
      values: { count: 2 },
    })
  })

  it('names the path of a route that does not validate, and of one that matches nothing', () => {
    expect(messageTranslationOf('Page Not Found: /de/widget/x?y=1')).toEqual({
      key: 'notFound.invalidRoute',
      values: { fullPath: '/de/widget/x?y=1' },
    })
    expect(messageTranslationOf('Page not found: /de/a/b/c/d/')).toEqual({
      key: 'notFound.title',
      values: { path: '/de/a/b/c/d/' },
    })
  })

  it('leaves any other text alone', () => {
    expect(messageTranslationOf('Something else')).toBeUndefined()
  })
})
