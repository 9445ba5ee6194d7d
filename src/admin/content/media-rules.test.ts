import { mediaNameFor, mediaNameOf, sizeText, uploadRefusal } from './media-rules'

describe('media rules', () => {
  it('names an upload as the server takes names, never over one already taken', () => {
    const taken = new Set(['knee.jpg', 'knee-2.jpg'])
    expect(mediaNameFor('Knee.JPG', 'image/jpeg', new Set())).toBe('knee.jpg')
    expect(mediaNameFor('knee.jpeg', 'image/jpeg', taken)).toBe('knee-3.jpg')
    expect(mediaNameFor('Übungen für das Knie (1).png', 'image/png', taken)).toBe(
      'ubungen-fur-das-knie-1.png',
    )
    expect(mediaNameFor('….webp', 'image/webp', taken)).toBe('image.webp')
    expect(mediaNameFor(`${'a'.repeat(200)}.png`, 'image/png', taken)).toMatch(/^a{100}\.png$/)
  })

  it('refuses other types and files over 8 MB before uploading', () => {
    expect(uploadRefusal({ type: 'image/gif', size: 10 })).toBe('admin.media.badType')
    expect(uploadRefusal({ type: 'image/png', size: 8 * 1024 * 1024 + 1 })).toBe(
      'admin.media.tooBig',
    )
    expect(uploadRefusal({ type: 'image/webp', size: 8 * 1024 * 1024 })).toBeUndefined()
  })

  it('reads an image’s name from its address, and a size as people read it', () => {
    expect(mediaNameOf({ url: 'http://localhost/api/content/media/knee%2Bx.png' })).toBe(
      'knee+x.png',
    )
    expect(sizeText(860_000, 'en')).toBe('840 kB')
    expect(sizeText(2_500_000, 'de')).toBe('2,4 MB')
  })
})
