import { checkTarget, OutboundRefused, targetPolicy } from './targets'

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

  // Each form carries an IPv4 address that a tunnel, a translator or the kernel then reaches:
  // loopback 127.0.0.1, private 10.0.0.1 and link-local 169.254.169.254 in turn.
  it.each([
    ['IPv4-compatible (::/96)', ['::127.0.0.1', '::a00:1', '::169.254.169.254']],
    ['IPv4-mapped', ['::ffff:127.0.0.1', '::ffff:a00:1', '::ffff:169.254.169.254']],
    ['IPv4-translated', ['::ffff:0:127.0.0.1', '::ffff:0:a00:1', '::ffff:0:a9fe:a9fe']],
    ['NAT64', ['64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::a9fe:a9fe']],
    ['6to4', ['2002:7f00:1::1', '2002:a00:1::', '2002:a9fe:a9fe:1::1']],
    // The client's address is stored inverted; the server's (third and fourth groups) as it is.
    [
      'Teredo client',
      [
        '2001:0:4136:e378:8000:63bf:80ff:fffe',
        '2001::4136:e378:0:0:f5ff:fffe',
        '2001:0:4136:e378::5601:5601',
      ],
    ],
    [
      'Teredo server',
      [
        '2001:0:7f00:1::fefd:fcfb',
        '2001:0:a00:1:8000:63bf:fefd:fcfb',
        '2001:0:a9fe:a9fe::fefd:fcfb',
      ],
    ],
  ])('refuses the %s form of a refused IPv4 address', (_form, addresses) => {
    for (const address of addresses) {
      expect([address, strict.allows(address)]).toEqual([address, false])
    }
  })

  it('refuses an embedded refused address however the IPv6 address is written', async () => {
    for (const address of ['0:0:0:0:0:0:7f00:1', '0::0:127.0.0.1', 'fe80::1%eth0']) {
      expect([address, strict.allows(address)]).toEqual([address, false])
    }
    await expect(checkTarget('http://[::127.0.0.1]:8080/hook', strict)).rejects.toThrow(
      OutboundRefused,
    )
    await expect(checkTarget('http://[2002:7f00:1::1]/hook', strict)).rejects.toThrow(
      OutboundRefused,
    )
  })

  it('allows public addresses', () => {
    for (const address of [
      '93.184.216.34',
      '1.1.1.1',
      '2606:4700::1111',
      '::ffff:1.1.1.1',
      // NAT64 (DNS64 gives it for an IPv4-only host on an IPv6-only network), 6to4 and Teredo
      // of public addresses.
      '64:ff9b::1.1.1.1',
      '2002:101:101::1',
      '2001:0:4136:e378:8000:63bf:fefd:fcfb',
    ]) {
      expect([address, strict.allows(address)]).toEqual([address, true])
    }
  })

  it('allows exactly the networks the configuration lists', () => {
    const loopback = targetPolicy(['127.0.0.0/8'])
    expect(loopback.allows('127.0.0.1')).toBe(true)
    expect(loopback.allows('::ffff:127.0.0.1')).toBe(true)
    expect(loopback.allows('10.0.0.1')).toBe(false)
    expect(loopback.allows('::1')).toBe(false)
    expect(loopback.allows('::127.0.0.1')).toBe(true)
    // An allowed IPv6 network is allowed whatever IPv4 address it embeds.
    expect(targetPolicy(['2002::/16']).allows('2002:a00:1::1')).toBe(true)
  })

  it('checks the URL and every address its host resolves to', async () => {
    const refused = (url: string) =>
      expect(checkTarget(url, strict)).rejects.toThrow(OutboundRefused)
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

  it('names what is connected in its refusals', async () => {
    await expect(checkTarget('http://10.0.0.5/hook', strict)).rejects.toThrow(
      'The webhook host 10.0.0.5 resolves to 10.0.0.5, a private, loopback or link-local ' +
        'address; webhooks go to public addresses only.',
    )
    await expect(checkTarget('http://10.0.0.5/dav/', strict, 'calendar')).rejects.toThrow(
      'The calendar host 10.0.0.5 resolves to 10.0.0.5, a private, loopback or link-local ' +
        'address; calendars are read from public addresses only.',
    )
    await expect(checkTarget('ftp://calendar.example/', strict, 'calendar')).rejects.toThrow(
      'The calendar URL must start with https:// or http://.',
    )
  })
})
