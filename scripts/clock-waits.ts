import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** Longer than this, a wall-clock wait in a test is waiting for a timer; move a clock instead. */
export const MAX_WAIT_MS = 5_000

/**
 * The comment that lets one wait through, on its line or the line above, with the reason:
 * `// clock-wait-ok: the child process's own timer cannot be moved`.
 */
export const EXEMPTION = 'clock-wait-ok:'

/** Calls that wait on the wall clock, and which argument says how long. */
const WAITS: Record<string, (args: readonly ts.Expression[]) => ts.Expression | undefined> = {
  // setTimeout(callback, ms), or setTimeout(ms) from node:timers/promises.
  setTimeout: (args) => (args.length > 1 ? args[1] : args[0]),
  setInterval: (args) => args[1],
  sleep: (args) => args[0],
  delay: (args) => args[0],
  waitForTimeout: (args) => args[0],
}

export interface ClockWait {
  file: string
  line: number
  ms: number
}

/** The waits longer than MAX_WAIT_MS in one file's source, unless exempted with a reason. */
export function clockWaits(file: string, source: string): ClockWait[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const constants = new Map<string, ts.Expression>()
  const found: ClockWait[] = []
  const lines = source.split('\n')
  const exempted = (line: number) =>
    [lines[line - 1], lines[line - 2]].some((text) =>
      new RegExp(`${EXEMPTION}\\s*\\S`).test(text ?? ''),
    )

  // Constants first, wherever in the file they are declared.
  const collect = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const
    ) {
      constants.set(node.name.text, node.initializer)
    }
    ts.forEachChild(node, collect)
  }
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      // `jest.setTimeout(ms)` sets how long a test may take, not a wait: nothing sleeps on it.
      const jestLimit =
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'jest'
      const callee = jestLimit
        ? undefined
        : ts.isPropertyAccessExpression(node.expression)
          ? node.expression.name.text
          : ts.isIdentifier(node.expression)
            ? node.expression.text
            : undefined
      const argument = callee && Object.hasOwn(WAITS, callee) && WAITS[callee]!(node.arguments)
      const ms = argument ? valueOf(argument, constants) : undefined
      if (ms !== undefined && ms > MAX_WAIT_MS) {
        const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1
        if (!exempted(line)) found.push({ file, line, ms })
      }
    }
    ts.forEachChild(node, visit)
  }
  collect(sourceFile)
  visit(sourceFile)
  return found
}

/** A number written with literals and the file's constants; undefined when it depends on more. */
function valueOf(
  node: ts.Expression,
  constants: Map<string, ts.Expression>,
  depth = 0,
): number | undefined {
  if (depth > 20) return undefined
  if (ts.isNumericLiteral(node)) return Number(node.text)
  if (ts.isParenthesizedExpression(node)) return valueOf(node.expression, constants, depth + 1)
  if (ts.isIdentifier(node)) {
    const initializer = constants.get(node.text)
    return initializer && valueOf(initializer, constants, depth + 1)
  }
  if (ts.isBinaryExpression(node)) {
    const left = valueOf(node.left, constants, depth + 1)
    const right = valueOf(node.right, constants, depth + 1)
    if (left === undefined || right === undefined) return undefined
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken:
        return left + right
      case ts.SyntaxKind.MinusToken:
        return left - right
      case ts.SyntaxKind.AsteriskToken:
        return left * right
      case ts.SyntaxKind.SlashToken:
        return left / right
      default:
        return undefined
    }
  }
  return undefined
}

const SKIPPED = new Set(['node_modules', 'public', 'coverage'])

/** Every journey file and every test file of the project, relative to `root`. */
export function testFiles(root: string): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue
      const relative = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(relative)
      else if (/\.test\.tsx?$/.test(entry.name) || /^e2e\/.*\.ts$/.test(relative)) {
        files.push(relative)
      }
    }
  }
  walk('')
  return files.sort()
}
