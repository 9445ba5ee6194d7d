import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { inlineScriptHashes, scriptHashesReader } from './inline-scripts'

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64')

describe('inline script hashes', () => {
  it('hash the text of every inline script the browser runs, and nothing else', () => {
    const html =
      '<head><script type="module">const a = 1</script>' +
      '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/en/";/*]]>*/</script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script>' +
      '<script src="/app.js" async></script><SCRIPT TYPE="text/javascript">b()</SCRIPT ></head>' +
      '<script data-type="x">c()</script><script type="module">const a = 1</script>'
    expect(inlineScriptHashes(html)).toEqual([
      sha256('const a = 1'),
      sha256('/*<![CDATA[*/window.pagePath="/en/";/*]]>*/'),
      sha256('b()'),
      sha256('c()'),
    ])
  })

  it('hash the text as the browser does, after its parser made every line end LF', () => {
    expect(inlineScriptHashes('<script>\r\n  a()\r  b()\n</script>')).toEqual([
      sha256('\n  a()\n  b()\n'),
    ])
  })

  it('are read again when the page was replaced', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inline-scripts-'))
    const file = path.join(dir, 'index.html')
    const read = scriptHashesReader()
    await fs.writeFile(file, '<script>one()</script>')
    expect(await read(file)).toEqual([sha256('one()')])
    await fs.writeFile(file, '<script>two(2)</script>')
    expect(await read(file)).toEqual([sha256('two(2)')])
    await fs.rm(dir, { recursive: true })
  })
})
