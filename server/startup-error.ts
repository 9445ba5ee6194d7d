/**
 * A refusal to start that the operator can act on: its message is one line naming the setting
 * and the fix, printed without a stack (server/main.ts, scripts/start.ts). Anything else that
 * stops the start is a bug and keeps its stack.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StartupError'
  }
}
