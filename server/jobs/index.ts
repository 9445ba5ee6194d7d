export { jobHandlers } from './handlers'
export { JobRunner, type JobLog } from './runner'
export { enqueue } from './store'
export type { JobPayloads, NewJob } from './types'
