import fs from 'node:fs'
import path from 'node:path'
import type { CreateNodeArgs, Node } from 'gatsby'
import ts from 'typescript'
import { isSiteMessageKey, SITE_MESSAGES_NS, siteMessagesOf } from '../lib/locale/site-messages'
import { LOCALES } from '../lib/locale/locales'
import { createSiteMessages, shouldCreateSiteMessages } from './site-messages'

const ROOT = path.resolve(__dirname, '../..')
const SRC = path.join(ROOT, 'src')

const readMessages = (language: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', language, `${ns}.json`), 'utf8')) as Record<
    string,
    string
  >

/** Every key of the English files, and the base of each plural (`x` for `x_one`, `x_other`). */
const enKeys = Object.keys({ ...readMessages('en', 'translation'), ...readMessages('en', 'admin') })
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
const knownKeys = new Set([...enKeys, ...enKeys.map((key) => key.replace(PLURAL_SUFFIX, ''))])
const siteKeys = Object.keys(siteMessagesOf(readMessages('en', 'translation')))

interface NamedKeys {
  /** Whole keys the source writes: `t('content.tags')`, `i18nKey="..."`, `{ key: '...' }`. */
  keys: string[]
  /** Starts of keys it completes at run time: `t(\`embed.${mode}Heading\`)`, `'clinic.' + x`. */
  prefixes: string[]
}

/**
 * The translation keys a module names. Any string naming a key counts, wherever it is written
 * (a t() argument, either side of a condition, a key kept in an object for later), so a key
 * picked by code still counts; a template or a string ending in '.' counts as the start of every
 * key it begins.
 */
function namedKeys(source: string, fileName: string): NamedKeys {
  const keys = new Set<string>()
  const prefixes = new Set<string>()
  const startsKeys = (text: string) =>
    text.includes('.') && enKeys.some((key) => key.startsWith(text))
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (knownKeys.has(node.text)) keys.add(node.text)
      else if (node.text.endsWith('.') && startsKeys(node.text)) prefixes.add(node.text)
    } else if (ts.isTemplateExpression(node) && startsKeys(node.head.text)) {
      prefixes.add(node.head.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true))
  return { keys: [...keys].sort(), prefixes: [...prefixes].sort() }
}

/** What a content page's messages lack of what a module names. */
function uncarried({ keys, prefixes }: NamedKeys): string[] {
  const carried = (key: string) =>
    siteKeys.some((site) => site === key || site.replace(PLURAL_SUFFIX, '') === key)
  return [
    ...keys.filter((key) => !carried(key)),
    ...prefixes.filter((prefix) =>
      enKeys.some((key) => key.startsWith(prefix) && !isSiteMessageKey(key)),
    ),
  ]
}

/** The project's modules a module imports for its values (type-only imports bring no code). */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const specifiers: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !isTypeOnly(node.importClause)) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveModule(path.resolve(path.dirname(file), specifier)))
    .filter((resolved): resolved is string => resolved !== undefined)
}

function isTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false
  if (clause.isTypeOnly) return true
  const bindings = clause.namedBindings
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.every((element) => element.isTypeOnly)
  )
}

function resolveModule(base: string): string | undefined {
  return ['.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((ending) => `${base}${ending}`)
    .find((candidate) => fs.existsSync(candidate))
}

/** Every module a page's code reaches, itself included. */
function reachedFrom(roots: string[]): string[] {
  const seen = new Set<string>()
  const pending = [...roots]
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    pending.push(...importsOf(file))
  }
  return [...seen].sort()
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(path.join(dir, entry.name))
        : /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')
          ? [path.join(dir, entry.name)]
          : [],
    )
}

/** The page modules that query the content pages' messages. */
const contentPages = [
  ...filesUnder(path.join(SRC, 'pages')),
  ...filesUnder(path.join(SRC, 'templates')),
]
  .filter((file) => fs.readFileSync(file, 'utf8').includes('...ContentPageMessages'))
  .sort()
const relative = (file: string) => path.relative(SRC, file)

describe('what a module names of the messages', () => {
  const fixture = `
    const heading = t(kind === 'category' ? 'content.categoryHeading' : 'widget.title')
    const text = t(\`embed.\${mode}Text\`)
    const more = t(\`content.\${which}\`)
    const link = <Trans i18nKey="footer.legal" />
    const error = { key: 'messages.noSlots' }
    const pages = t('content.pageOf', { count })
    const plain = ['hello', 'content', 'hero.jpg', \`/\${locale}/widget/\`]
  `

  it('finds keys wherever they are written, and the starts of keys built at run time', () => {
    expect(namedKeys(fixture, 'fixture.tsx')).toEqual({
      keys: [
        'content.categoryHeading',
        'content.pageOf',
        'footer.legal',
        'messages.noSlots',
        'widget.title',
      ],
      prefixes: ['content.', 'embed.'],
    })
  })

  it('reports what the content pages do not carry', () => {
    expect(uncarried(namedKeys(fixture, 'fixture.tsx'))).toEqual([
      'messages.noSlots',
      'widget.title',
      'embed.',
    ])
  })
})

describe("the content pages' messages", () => {
  it('are queried by every content page, and not by the widget, embed or dashboard pages', () => {
    expect(contentPages.map(relative)).toEqual([
      'pages/404.tsx',
      'pages/index.tsx',
      'pages/v2/preview/[...].tsx',
      'templates/collection.tsx',
      'templates/listing.tsx',
      'templates/page.tsx',
      'templates/post.tsx',
      'templates/product.tsx',
    ])
  })

  it('carry every key the code of those pages names', () => {
    const reached = reachedFrom(contentPages)
    // The scan follows the pages into their frame and views (it would not, if imports broke).
    expect(reached.map(relative)).toEqual(
      expect.arrayContaining([
        'components/layout/layout.tsx',
        'components/error-views/not-found-view.tsx',
        'components/seo/content-seo.tsx',
      ]),
    )
    const missing = reached.flatMap((file) =>
      uncarried(namedKeys(fs.readFileSync(file, 'utf8'), file)).map(
        (key) => `${relative(file)}: ${key}`,
      ),
    )
    // A validation message reaches these pages only through useMessage, which shows the spec's
    // English words for a key the page does not carry; so its catalogue may name them all.
    expect(
      missing.filter((entry) => !entry.startsWith('lib/validation/message-keys.ts: messages.')),
    ).toEqual([])
  })
})

describe('createSiteMessages', () => {
  const localeNode = (language: string): Node => {
    const data = JSON.stringify(readMessages(language, 'translation'))
    return {
      id: `locale-${language}`,
      parent: null,
      children: [],
      internal: { type: 'Locale', contentDigest: 'digest', owner: 'gatsby-plugin-react-i18next' },
      language,
      ns: 'translation',
      data,
    }
  }

  function run(node: Node) {
    const created: Record<string, unknown>[] = []
    const linked: { parent: Node; child: { id: string } }[] = []
    const args = {
      node,
      actions: {
        createNode: (child: Record<string, unknown>) => created.push(child),
        createParentChildLink: (link: (typeof linked)[number]) => linked.push(link),
      },
      createNodeId: (seed: string) => `id(${seed})`,
      createContentDigest: (value: string) => `digest(${value.length})`,
    } as unknown as CreateNodeArgs
    if (shouldCreateSiteMessages?.({ node }, { plugins: [] })) {
      void createSiteMessages?.(args, { plugins: [] }, () => undefined)
    }
    return { created, linked }
  }

  it.each(LOCALES.map((locale) => [locale]))(
    "gives %s's translation.json a child holding only the site's messages",
    (language) => {
      const { created, linked } = run(localeNode(language))
      expect(created).toHaveLength(1)
      const [child] = created as { id: string; ns: string; language: string; data: string }[]
      expect(child).toMatchObject({
        id: `id(locale-${language} >>> SiteMessages)`,
        parent: `locale-${language}`,
        language,
        ns: SITE_MESSAGES_NS,
        internal: { type: 'SiteMessages' },
      })
      const messages = JSON.parse(child!.data) as Record<string, string>
      expect(messages).toEqual(siteMessagesOf(readMessages(language, 'translation')))
      expect(Object.keys(messages).filter((key) => key.startsWith('content.')).length).toBe(
        Object.keys(readMessages(language, 'translation')).filter((key) =>
          key.startsWith('content.'),
        ).length,
      )
      // Of the widget's, the forms', the embed page's and the validation messages, only this.
      expect(
        Object.keys(messages).filter(
          (key) => /^(widget|messages|form|embed)\./.test(key) && !/^widget\.minutes_/.test(key),
        ),
      ).toEqual([])
      expect(linked).toEqual([
        { parent: expect.objectContaining({ id: `locale-${language}` }), child },
      ])
    },
  )

  it("leaves the dashboard's namespace and other nodes alone", () => {
    expect(run({ ...localeNode('en'), ns: 'admin' }).created).toEqual([])
    expect(
      run({ ...localeNode('en'), internal: { ...localeNode('en').internal, type: 'File' } })
        .created,
    ).toEqual([])
  })
})
