import { checkTarget, targetPolicy, WebhookTargetRefused } from './targets'

describe('where webhooks may go', () => {
  const strict = targetPolicy([])

  it('refuses private, loopback, link-local and other internal addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect([address, strict.allows(address)]).toEqual([address, false])
    }
  })

  it('allows public addresses', () => {
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700::1111', '::ffff:1.1.1.1']) {
      expect([address, strict.allows(address)]).toEqual([address, true])
    }
  })

  it('allows exactly the networks the configuration lists', () => {
    const loopback = targetPolicy(['127.0.0.0/8'])
    expect(loopback.allows('127.0.0.1')).toBe(true)
    expect(loopback.allows('::ffff:127.0.0.1')).toBe(true)
    expect(loopback.allows('10.0.0.1')).toBe(false)
    expect(loopback.allows('::1')).toBe(false)
  })

  it('checks the URL and every address its host resolves to', async () => {
    const refused = (url: string) =>
      expect(checkTarget(url, strict)).rejects.toThrow(WebhookTargetRefused)
    await refused('ftp://93.184.216.34/')
    await refused('not a url')
    await refused('http://user:secret@93.184.216.34/')
    await refused('http://169.254.169.254/latest/meta-data/')
    await refused('http://[::1]:8080/hook')
    // A name that resolves inside: localhost is loopback on every machine.
    await expect(checkTarget('http://localhost:8080/hook', strict)).rejects.toThrow(
      /resolves to .*loopback/,
    )
    await expect(checkTarget('https://93.184.216.34/hook', strict)).resolves.toMatchObject({
      address: '93.184.216.34',
      family: 4,
    })
  })
})
